import { Button, Group, Select, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { SectionCard } from '../../components/section-card';
import { toast } from '../../lib/toast';
import { useTRPCClient } from '../../lib/trpc';
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

function MaintenanceForm({ cluster, mayWrite }: { cluster: ClusterDetail; mayWrite: boolean }) {
  const client = useTRPCClient();
  const [day, setDay] = useState<Weekday>(cluster.maintenance.day);
  const [startHour, setStartHour] = useState(cluster.maintenance.startHour);
  const [autoUpgrade, setAutoUpgrade] = useState(cluster.maintenance.autoUpgrade);
  const save = useClusterMutation(
    cluster.id,
    () => client.clusters.updateMaintenance.mutate({ id: cluster.id, maintenance: { day, startHour, autoUpgrade } }),
    () => toast({ title: 'Maintenance window saved', description: windowLabel(day, startHour), variant: 'success' }),
  );
  const changed = day !== cluster.maintenance.day || startHour !== cluster.maintenance.startHour || autoUpgrade !== cluster.maintenance.autoUpgrade;
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
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (changed) save.mutate(undefined);
        }}
      >
        <Stack gap="md">
          <Group grow align="flex-start" maw={560}>
            <Select
              label="Day"
              data={WEEKDAYS.map((weekday) => ({ value: weekday, label: WEEKDAY_LABELS[weekday] }))}
              value={day}
              allowDeselect={false}
              disabled={readOnly}
              onChange={(value) => value && setDay(value as Weekday)}
              data-testid="maintenance-day"
            />
            <Select
              label="Starts at"
              description="Four hours from then"
              data={HOURS}
              value={String(startHour)}
              allowDeselect={false}
              disabled={readOnly}
              onChange={(value) => value !== null && setStartHour(Number(value))}
              data-testid="maintenance-hour"
            />
          </Group>
          <Switch
            label="Automatic patch upgrades"
            description="New patch releases of this Kubernetes minor version are applied in the window. Minor versions are upgraded only when you ask."
            checked={autoUpgrade}
            disabled={readOnly}
            onChange={(event) => setAutoUpgrade(event.currentTarget.checked)}
            data-testid="maintenance-auto-upgrade"
          />
          <ErrorAlert>{save.error?.message}</ErrorAlert>
          {readOnly ? null : (
            <Group>
              <Button type="submit" disabled={!changed} loading={save.isPending} data-testid="maintenance-save">
                Save the window
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </SectionCard>
  );
}
