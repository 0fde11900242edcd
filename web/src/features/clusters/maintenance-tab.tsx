import { Button, Group, Select, Stack, Switch, Text } from '@mantine/core';
import { maintenanceWindowSchema } from '@kubemarket/shared';
import { ErrorAlert } from '../../components/error-alert';
import { SectionCard } from '../../components/section-card';
import { toast } from '../../lib/toast';
import { useTRPCClient } from '../../lib/trpc';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useClusterMutation } from './cluster-queries';
import { WEEKDAY_LABELS, WEEKDAYS } from './cluster-types';
import type { ClusterDetail, Weekday } from './cluster-types';

const HOURS = Array.from({ length: 24 }, (_, hour) => ({ value: String(hour), label: `${String(hour).padStart(2, '0')}:00 UTC` }));

/** "Sundays 03:00–07:00 UTC": the window lasts four hours. */
export function windowLabel(day: Weekday, startHour: number): string {
  const pad = (hour: number) => `${String(hour % 24).padStart(2, '0')}:00`;
  return `${WEEKDAY_LABELS[day]}s ${pad(startHour)}–${pad(startHour + 4)} UTC${startHour + 4 >= 24 ? ' (ending the next day)' : ''}`;
}

export function MaintenanceTab({ cluster, mayWrite }: { cluster: ClusterDetail; mayWrite: boolean }) {
  // Keyed by the saved settings: the form starts again from them once they change.
  const { day, startHour, autoUpgrade } = cluster.maintenance;
  return <MaintenanceForm key={`${day}-${startHour}-${autoUpgrade}`} cluster={cluster} mayWrite={mayWrite} />;
}

type Maintenance = ClusterDetail['maintenance'];

function MaintenanceForm({ cluster, mayWrite }: { cluster: ClusterDetail; mayWrite: boolean }) {
  const client = useTRPCClient();
  const save = useClusterMutation(
    cluster.id,
    (maintenance: Maintenance) => client.clusters.updateMaintenance.mutate({ id: cluster.id, maintenance }),
    (_, maintenance) => toast({ title: 'Maintenance window saved', description: windowLabel(maintenance.day, maintenance.startHour), variant: 'success' }),
  );
  const isChange = (next: Maintenance) => next.day !== cluster.maintenance.day || next.startHour !== cluster.maintenance.startHour || next.autoUpgrade !== cluster.maintenance.autoUpgrade;
  // Controlled: the button waits for a change.
  const { form, formRef, onSubmit, submitting, error } = useSchemaForm({
    schema: maintenanceWindowSchema,
    initialValues: { ...cluster.maintenance },
    mode: 'controlled',
    submit: (maintenance) => (isChange(maintenance) ? save.mutateAsync(maintenance) : undefined),
  });
  const { startHour } = form.values;
  const changed = isChange(form.values);
  const readOnly = !mayWrite || cluster.status === 'deleted';

  return (
    <SectionCard
      id="maintenance"
      title="Maintenance window"
      description="A weekly four-hour window in which patch upgrades and the platform's own maintenance happen, node by node."
    >
      <Text size="sm" data-testid="maintenance-current">
        Now: {windowLabel(cluster.maintenance.day, cluster.maintenance.startHour)}; automatic patch upgrades {cluster.maintenance.autoUpgrade ? 'on' : 'off'}.
      </Text>
      <form ref={formRef} noValidate onSubmit={onSubmit}>
        <Stack gap="md">
          <Group grow align="flex-start" maw={560}>
            <Select
              label="Day"
              data={WEEKDAYS.map((weekday) => ({ value: weekday, label: WEEKDAY_LABELS[weekday] }))}
              allowDeselect={false}
              disabled={readOnly}
              {...form.getInputProps('day')}
              data-testid="maintenance-day"
            />
            <Select
              label="Starts at"
              description="Four hours from then"
              data={HOURS}
              value={String(startHour)}
              allowDeselect={false}
              disabled={readOnly}
              onChange={(value) => value !== null && form.setFieldValue('startHour', Number(value))}
              data-testid="maintenance-hour"
            />
          </Group>
          <Switch
            label="Automatic patch upgrades"
            description="New patch releases of this Kubernetes minor version are applied in the window. Minor versions are upgraded only when you ask."
            disabled={readOnly}
            {...form.getInputProps('autoUpgrade', { type: 'checkbox' })}
            data-testid="maintenance-auto-upgrade"
          />
          <ErrorAlert>{error}</ErrorAlert>
          {readOnly ? null : (
            <Group>
              <Button type="submit" disabled={!changed} loading={submitting} data-testid="maintenance-save">
                Save the window
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </SectionCard>
  );
}
