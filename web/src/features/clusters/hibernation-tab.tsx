import { ActionIcon, Button, Card, Checkbox, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { describeHibernationPeriod, HIBERNATION_PRESETS, hibernationSettingsSchema, MAX_HIBERNATION_SCHEDULES } from '@kubemarket/shared';
import type { HibernationPeriod, HibernationPresetId, HibernationSettings } from '@kubemarket/shared';
import { IconMoon, IconPlus, IconSun, IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { DetailsList } from '../../components/details-list';
import { ErrorAlert } from '../../components/error-alert';
import { SectionCard } from '../../components/section-card';
import { formatDateTime } from '../../lib/date-format';
import { toast } from '../../lib/toast';
import { useTRPCClient } from '../../lib/trpc';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useDisplayPrice } from '../currency';
import { useClusterMutation } from './cluster-queries';
import { changeBlockedReason } from './cluster-state';
import { WEEKDAY_LABELS, WEEKDAYS } from './cluster-types';
import type { ClusterDetail, Weekday } from './cluster-types';
import { formatHours } from './durations';
import { settingsChanged, settingsOf, timeZoneOptions, withPreset } from './hibernation-form';
import { BlockedNote } from './blocked-note';

const FIRST_WAKE = 'first';

export function HibernationTab({ cluster, mayWrite }: { cluster: ClusterDetail; mayWrite: boolean }) {
  const { format, ready } = useDisplayPrice();
  const { hibernation } = cluster;
  const stored = useMemo(() => settingsOf(cluster), [cluster]);
  return (
    <Stack gap="lg">
      <SectionCard
        id="hibernation-now"
        title="Hibernation"
        description="A hibernated cluster keeps its configuration and volumes, but its nodes stop and are not billed. Workloads start again when it wakes up."
      >
        <DetailsList
          details={[
            {
              label: 'Now',
              value: hibernation.hibernatedSince ? `Hibernated since ${formatDateTime(hibernation.hibernatedSince)}` : cluster.status === 'hibernated' ? 'Hibernated' : 'Awake',
              testId: 'hibernation-state',
            },
            { label: 'Hibernated this month', value: formatHours(hibernation.hoursThisMonth), testId: 'hibernation-hours' },
            { label: 'Saved this month', value: ready ? format(hibernation.savedCentsThisMonth) : '…', testId: 'hibernation-saved' },
          ]}
        />
        {mayWrite ? <HibernateNow cluster={cluster} /> : null}
      </SectionCard>
      {/* Keyed by what is stored: the editor starts again from it once it changes. */}
      <ScheduleEditor key={JSON.stringify(stored)} cluster={cluster} stored={stored} mayWrite={mayWrite} />
    </Stack>
  );
}

function HibernateNow({ cluster }: { cluster: ClusterDetail }) {
  const client = useTRPCClient();
  const asleep = cluster.status === 'hibernated';
  const blocked = changeBlockedReason(cluster, asleep ? ['hibernated'] : ['running']);
  const action = useClusterMutation(
    cluster.id,
    () => (asleep ? client.clusters.wake.mutate({ id: cluster.id }) : client.clusters.hibernate.mutate({ id: cluster.id })),
    () =>
      toast({
        title: asleep ? `Waking ${cluster.name} up` : `Hibernating ${cluster.name}`,
        description: asleep ? 'Its nodes start again; follow them on the Overview tab.' : 'Its workloads stop and its nodes are released.',
        variant: 'info',
      }),
  );
  return (
    <Stack gap="xs" align="flex-start">
      <BlockedNote blocked={blocked} />
      <ErrorAlert>{action.error?.message}</ErrorAlert>
      <Button
        leftSection={asleep ? <IconSun size={16} aria-hidden /> : <IconMoon size={16} aria-hidden />}
        variant={asleep ? 'filled' : 'default'}
        disabled={blocked !== null}
        loading={action.isPending}
        onClick={() => action.mutate(undefined)}
        data-testid={asleep ? 'wake-now' : 'hibernate-now'}
      >
        {asleep ? 'Wake up now' : 'Hibernate now'}
      </Button>
    </Stack>
  );
}

function ScheduleEditor({ cluster, stored, mayWrite }: { cluster: ClusterDetail; stored: HibernationSettings; mayWrite: boolean }) {
  const client = useTRPCClient();
  const zones = useMemo(() => timeZoneOptions(stored.timezone), [stored.timezone]);
  const save = useClusterMutation(
    cluster.id,
    (settings: HibernationSettings) => client.clusters.setHibernation.mutate({ id: cluster.id, ...settings }),
    (saved) =>
      toast({
        title: saved.schedules.length === 0 ? 'Scheduled hibernation off' : 'Hibernation schedule saved',
        description: saved.schedules.length === 0 ? `${cluster.name} keeps running until you hibernate it.` : saved.schedules.map(describeHibernationPeriod).join('; '),
        variant: 'success',
      }),
  );
  // Controlled: the periods' titles and the button follow the values.
  const { form, formRef, onSubmit, submitting, error } = useSchemaForm({
    schema: hibernationSettingsSchema,
    initialValues: { timezone: stored.timezone, schedules: stored.schedules },
    mode: 'controlled',
    submit: (settings) => save.mutateAsync(settings),
  });
  const edited = form.values;
  const periods = edited.schedules;
  const readOnly = !mayWrite || cluster.status === 'deleted' || cluster.status === 'deleting';
  const setPeriods = (next: HibernationPeriod[]) => form.setFieldValue('schedules', next);
  const update = (index: number, change: Partial<HibernationPeriod>) =>
    setPeriods(
      periods.map((period, other) => {
        if (other !== index) return period;
        const next = { ...period, ...change };
        // The server reads a missing wakeDay as "the first wake time after it sleeps".
        if (next.wakeDay === undefined) delete next.wakeDay;
        return next;
      }),
    );
  const addPreset = (preset: HibernationPresetId) => setPeriods(withPreset(periods, preset));

  return (
    <SectionCard
      id="hibernation-schedule"
      title="Schedule"
      description={`Put the cluster to sleep when nobody uses it, e.g. at night and at weekends, in the organisation's time zone. Changes run within five minutes of the times set.`}
    >
      <form ref={formRef} noValidate onSubmit={onSubmit}>
        <Stack gap="md">
          <Select
            label="Time zone"
            data={zones}
            searchable
            allowDeselect={false}
            disabled={readOnly}
            {...form.getInputProps('timezone')}
            maw={360}
            data-testid="hibernation-timezone"
          />
          {periods.length === 0 ? (
            <Text size="sm" data-testid="hibernation-no-schedule">
              No schedule: the cluster runs until someone hibernates it.
            </Text>
          ) : null}
          {periods.map((period, index) => (
            <PeriodEditor
              key={index}
              index={index}
              period={period}
              readOnly={readOnly}
              errors={form.errors}
              onChange={(change) => update(index, change)}
              onRemove={() => setPeriods(periods.filter((_, other) => other !== index))}
            />
          ))}
          {form.errors.schedules ? (
            <Text size="sm" c="var(--mantine-color-error)" role="alert">
              {form.errors.schedules}
            </Text>
          ) : null}
          {readOnly ? null : (
            <Group gap="xs">
              <Text size="sm" fw={500}>
                Add:
              </Text>
              {(Object.keys(HIBERNATION_PRESETS) as HibernationPresetId[]).map((preset) => (
                <Button key={preset} size="xs" variant="light" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => addPreset(preset)} disabled={periods.length >= MAX_HIBERNATION_SCHEDULES} data-testid={`preset-${preset}`}>
                  {HIBERNATION_PRESETS[preset].label}
                </Button>
              ))}
              <Button
                size="xs"
                variant="subtle"
                leftSection={<IconPlus size={14} aria-hidden />}
                onClick={() => setPeriods([...periods, { days: ['monday'], sleepAt: '19:00', wakeAt: '08:00' }])}
                disabled={periods.length >= MAX_HIBERNATION_SCHEDULES}
              >
                Custom period
              </Button>
            </Group>
          )}
          <ErrorAlert>{error}</ErrorAlert>
          {readOnly ? null : (
            <Group>
              <Button type="submit" loading={submitting} disabled={!settingsChanged(stored, edited)} data-testid="hibernation-save">
                {periods.length === 0 && stored.schedules.length > 0 ? 'Turn the schedule off' : 'Save the schedule'}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </SectionCard>
  );
}

interface PeriodEditorProps {
  index: number;
  period: HibernationPeriod;
  readOnly: boolean;
  errors: Record<string, ReactNode>;
  onChange: (change: Partial<HibernationPeriod>) => void;
  onRemove: () => void;
}

function PeriodEditor({ index, period, readOnly, errors, onChange, onRemove }: PeriodEditorProps) {
  const field = (name: string) => errors[`schedules.${index}.${name}`];
  const number = index + 1;
  return (
    <Card withBorder radius="md" padding="md" component="fieldset" m={0} data-testid="hibernation-period" aria-labelledby={`hibernation-period-${number}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} size="h6" id={`hibernation-period-${number}`}>
            Period {number}: {period.days.length > 0 && /^\d\d:\d\d$/.test(period.sleepAt) && /^\d\d:\d\d$/.test(period.wakeAt) ? describeHibernationPeriod(period) : 'incomplete'}
          </Title>
          {readOnly ? null : (
            <ActionIcon variant="subtle" color="red" aria-label={`Remove period ${number}`} onClick={onRemove}>
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          )}
        </Group>
        <Checkbox.Group label="Goes to sleep on" value={period.days} onChange={(days) => onChange({ days: WEEKDAYS.filter((day) => days.includes(day)) })} error={field('days')}>
          <Group gap="sm" mt={4}>
            {WEEKDAYS.map((day) => (
              <Checkbox key={day} value={day} label={WEEKDAY_LABELS[day]} disabled={readOnly} />
            ))}
          </Group>
        </Checkbox.Group>
        <Group grow align="flex-start">
          <TextInput type="time" label="Sleeps at" value={period.sleepAt} disabled={readOnly} onChange={(event) => onChange({ sleepAt: event.currentTarget.value })} error={field('sleepAt')} />
          <TextInput type="time" label="Wakes at" value={period.wakeAt} disabled={readOnly} onChange={(event) => onChange({ wakeAt: event.currentTarget.value })} error={field('wakeAt')} />
          <Select
            label="Wakes on"
            data={[{ value: FIRST_WAKE, label: 'The first time after it sleeps' }, ...WEEKDAYS.map((day) => ({ value: day, label: WEEKDAY_LABELS[day] }))]}
            value={period.wakeDay ?? FIRST_WAKE}
            allowDeselect={false}
            disabled={readOnly}
            onChange={(value) => onChange({ wakeDay: value === FIRST_WAKE || value === null ? undefined : (value as Weekday) })}
            error={field('wakeDay')}
          />
        </Group>
      </Stack>
    </Card>
  );
}
