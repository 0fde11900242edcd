import { Badge, Group, Stack, Text } from '@mantine/core';
import { SUPPORT_CHANNEL_LABELS, SUPPORT_HOURS_LABELS } from './catalog-admin-options';
import { useAdminSupportPlans } from './catalog-admin-queries';
import type { AdminSupportPlan } from './catalog-admin-types';
import { formatMinutes, supportPriceOf } from './catalog-display';
import { CatalogList } from './catalog-list';
import { NameCell, STATUS_COLUMN, type Column } from './catalog-table';
import { ScheduledPrices } from './scheduled-prices';
import { SupportPlanForm } from './support-plan-form';
import { SEVERITIES, responseField } from './support-plan-form-values';

const COLUMNS: readonly Column<AdminSupportPlan>[] = [
  { header: 'Plan', td: { maw: 260 }, cell: (plan) => <NameCell name={plan.name} id={plan.id} detail={plan.description} /> },
  {
    header: 'First response',
    cell: (plan) => (
      <Stack gap={0}>
        {SEVERITIES.map((severity) => (
          <Text key={severity} size="xs">
            {severity.toUpperCase()}: {formatMinutes(plan[responseField(severity)])}
          </Text>
        ))}
      </Stack>
    ),
  },
  {
    header: 'Channels',
    td: { maw: 200 },
    cell: (plan) => (
      <Group gap={4}>
        {plan.channels.map((channel) => (
          <Badge key={channel} size="xs" variant="default" tt="none">
            {SUPPORT_CHANNEL_LABELS[channel]}
          </Badge>
        ))}
      </Group>
    ),
  },
  { header: 'Hours', cell: (plan) => SUPPORT_HOURS_LABELS[plan.hours] },
  { header: 'Named engineer', cell: (plan) => (plan.namedEngineer ? 'Yes' : 'No') },
  {
    header: 'Price',
    td: { maw: 240 },
    cell: (plan) => (
      <>
        <Text size="sm">{supportPriceOf(plan)}</Text>
        <ScheduledPrices prices={plan.scheduledPrices} />
      </>
    ),
  },
  STATUS_COLUMN,
];

/** Support plans: the list, and creating, editing, archiving and restoring them. */
export function SupportPlansPanel() {
  const plans = useAdminSupportPlans();
  return (
    <CatalogList
      noun="support plans"
      label="Support plans"
      query={plans}
      searchText={(plan) => [plan.name, plan.id, plan.description, SUPPORT_HOURS_LABELS[plan.hours], ...plan.channels.map((channel) => SUPPORT_CHANNEL_LABELS[channel])]}
      columns={COLUMNS}
      minWidth={1100}
      keyOf={(plan) => plan.id}
      nameOf={(plan) => plan.name}
      create={{ label: 'Create support plan', title: 'Create a support plan' }}
      form={(plan, onDone) => <SupportPlanForm plan={plan} onDone={onDone} />}
      archiving={{ noun: 'support plan', procedures: (client) => client.catalogAdmin.supportPlans, note: 'Organisations on this plan keep it.' }}
    />
  );
}
