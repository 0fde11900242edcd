import { Alert, Card, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useAdminPlans } from './catalog-admin-queries';
import type { AdminMiddleware, AdminPlan } from './catalog-admin-types';
import { planSizeOf } from './catalog-display';
import { CatalogList } from './catalog-list';
import { NameCell, STATUS_COLUMN, type Column } from './catalog-table';
import { formatEuros } from './money';
import { PlanForm } from './plan-form';
import { ScheduledPrices } from './scheduled-prices';

const COLUMNS: readonly Column<AdminPlan>[] = [
  { header: 'Plan', cell: (plan) => <NameCell name={plan.name} id={plan.id} /> },
  { header: 'Size', cell: (plan) => planSizeOf(plan) ?? 'Not sized in machines' },
  { header: 'Storage', cell: (plan) => `${plan.storageGb} GB` },
  { header: 'High availability', cell: (plan) => (plan.highAvailability ? 'Yes' : 'No') },
  {
    header: 'Monthly',
    cell: (plan) => (
      <>
        <Text size="sm">{formatEuros(plan.monthlyPriceCents)}</Text>
        <ScheduledPrices prices={plan.scheduledPrices} />
      </>
    ),
  },
  { header: 'Yearly', cell: (plan) => (plan.yearlyPriceCents === null ? '12 months' : formatEuros(plan.yearlyPriceCents)) },
  STATUS_COLUMN,
];

/** The plans of one middleware: the sizes customers order, each with its price. */
export function PlansPanel({ middleware }: { middleware: AdminMiddleware }) {
  const plans = useAdminPlans(middleware.id);
  const middlewareArchived = middleware.archivedAt !== null;
  const heading = useRef<HTMLHeadingElement>(null);
  const title = `Plans of ${middleware.name}`;

  // Opening another middleware's plans moves the reader to them.
  useEffect(() => {
    heading.current?.focus();
  }, [middleware.id]);

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="middleware-plans-title" data-testid="plans-panel">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h3" id="middleware-plans-title" ref={heading} tabIndex={-1}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            Each plan is a size of {middleware.name} with its own price. Archived plans stay with the customers who ordered them.
          </Text>
        </Stack>
        {middlewareArchived ? (
          <Alert color="gray" variant="light">
            {middleware.name} is archived, and its plans with it: restore it to add plans or put them back on sale.
          </Alert>
        ) : null}
        <CatalogList
          noun="plans"
          label={title}
          query={plans}
          searchText={(plan) => [plan.name, plan.id, planSizeOf(plan)]}
          columns={COLUMNS}
          minWidth={900}
          keyOf={(plan) => plan.id}
          nameOf={(plan) => `${middleware.name} ${plan.name}`}
          create={middlewareArchived ? undefined : { label: 'Create plan', title: `Create a plan of ${middleware.name}` }}
          form={(plan, onDone) => <PlanForm middleware={middleware} plan={plan} onDone={onDone} />}
          archiving={{
            noun: 'plan',
            procedures: (client) => client.catalogAdmin.middlewarePlans,
            note: 'The last plan on sale of a middleware cannot be archived: archive the middleware instead.',
            canRestore: !middlewareArchived,
          }}
        />
      </Stack>
    </Card>
  );
}
