import { Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { WEEKDAYS } from '@kubemarket/shared';
import type { Weekday } from '@kubemarket/shared';
import type { ClusterDraft } from './draft';
import type { StepProps } from './draft-form';

export function weekdayLabel(day: Weekday): string {
  return day.charAt(0).toUpperCase() + day.slice(1);
}

export function hourLabel(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00 UTC`;
}

/** "Sundays from 03:00 UTC". */
export function windowLabel(maintenance: ClusterDraft['maintenance']): string {
  return `${weekdayLabel(maintenance.day)}s from ${hourLabel(maintenance.startHour)}`;
}

const HOURS = Array.from({ length: 24 }, (_, hour) => ({ value: String(hour), label: hourLabel(hour) }));

/** Step 7: the weekly maintenance window and automatic upgrades. */
export function MaintenanceStep({ form }: StepProps) {
  const { maintenance } = form.values;
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        We apply upgrades, node replacements and repairs that need a restart inside this weekly window, and tell you a week before. Urgent security
        fixes may happen outside it.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label="Day"
          data={WEEKDAYS.map((day) => ({ value: day, label: weekdayLabel(day) }))}
          allowDeselect={false}
          {...form.getInputProps('maintenance.day')}
        />
        <Select
          label="Start (UTC)"
          data={HOURS}
          allowDeselect={false}
          value={String(maintenance.startHour)}
          onChange={(value) => value !== null && form.setFieldValue('maintenance.startHour', Number(value))}
          error={form.errors['maintenance.startHour']}
          data-path="maintenance.startHour"
        />
      </SimpleGrid>
      <Switch
        label="Automatic patch upgrades"
        description="Apply new patch releases of your Kubernetes minor (security and bug fixes) in the window. Minor upgrades are always yours to start."
        {...form.getInputProps('maintenance.autoUpgrade', { type: 'checkbox' })}
      />
    </Stack>
  );
}
