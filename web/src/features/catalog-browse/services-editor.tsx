import { ActionIcon, Button, Card, Group, Select, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ItemPrice, planSpecs, responseTimeLabel, SupportPlanPrice } from '../catalog';
import type { Catalog } from '../catalog';
import { ESTIMATE_LIMITS } from './estimate';
import type { Estimate } from './estimate';

const NO_SUPPORT = 'none';

interface ServicesEditorProps {
  catalog: Catalog;
  estimate: Estimate;
  onChange: (changes: Partial<Estimate>) => void;
  /** Messages of the engine or server about the service lines, by line position in the estimate. */
  errors: ReadonlyMap<number, string>;
}

/** Middleware plans and the support plan of the estimate. */
export function ServicesEditor({ catalog, estimate, onChange, errors }: ServicesEditorProps) {
  const [middlewareId, setMiddlewareId] = useState<string | null>(catalog.middlewares[0]?.id ?? null);
  const middleware = catalog.middlewares.find((candidate) => candidate.id === middlewareId);
  const [planId, setPlanId] = useState<string | null>(null);
  const plan = middleware?.plans.find((candidate) => candidate.id === planId) ?? middleware?.plans[0];
  const plans = new Map(catalog.middlewares.flatMap((item) => item.plans.map((entry) => [entry.id, { middleware: item, plan: entry }] as const)));
  const support = catalog.supportPlans.find((candidate) => candidate.id === estimate.supportPlanId);
  const firstServiceLine = estimate.clusters.length;

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="estimate-services-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="estimate-services-title">
          Services
        </Title>

        <Stack gap="xs">
          <Text fw={600} size="sm" id="estimate-middlewares-title">
            Middlewares (managed data services)
          </Text>
          {estimate.middlewarePlanIds.length === 0 ? (
            <Text size="sm" c="dimmed">
              No middleware yet.
            </Text>
          ) : (
            <Stack gap="xs" component="ul" m={0} p={0} aria-labelledby="estimate-middlewares-title" style={{ listStyle: 'none' }}>
              {estimate.middlewarePlanIds.map((id, index) => {
                const entry = plans.get(id);
                const error = errors.get(firstServiceLine + index);
                return (
                  <Group key={`${id}-${index}`} component="li" justify="space-between" wrap="nowrap" data-testid="estimate-middleware">
                    <Stack gap={0}>
                      <Text size="sm" fw={500}>
                        {entry ? `${entry.middleware.name}: ${entry.plan.name}` : `Plan ${id} (no longer on sale)`}
                      </Text>
                      {entry ? (
                        <Text size="xs" c="dimmed">
                          {planSpecs(entry.plan)}
                        </Text>
                      ) : null}
                      {error ? (
                        <Text size="xs" fw={600} role="alert">
                          {error}
                        </Text>
                      ) : null}
                    </Stack>
                    <Group gap="xs" wrap="nowrap">
                      {entry ? <ItemPrice monthlyCents={entry.plan.monthlyPriceCents} yearlyCents={entry.plan.yearlyPriceCents} size="sm" /> : null}
                      <Tooltip label="Remove">
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Remove ${entry ? `${entry.middleware.name} ${entry.plan.name}` : id}`}
                          onClick={() => onChange({ middlewarePlanIds: estimate.middlewarePlanIds.filter((_, position) => position !== index) })}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Group>
                );
              })}
            </Stack>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label="Middleware"
              data={catalog.middlewares.map((item) => ({ value: item.id, label: item.name }))}
              value={middlewareId}
              allowDeselect={false}
              onChange={(value) => {
                setMiddlewareId(value);
                setPlanId(null);
              }}
              data-testid="estimate-middleware-select"
            />
            <Select
              label="Plan"
              data={(middleware?.plans ?? []).map((entry) => ({ value: entry.id, label: `${entry.name} (${planSpecs(entry)})` }))}
              value={plan?.id ?? null}
              allowDeselect={false}
              onChange={setPlanId}
              data-testid="estimate-middleware-plan"
            />
          </SimpleGrid>
          <Group justify="space-between">
            {plan ? <ItemPrice monthlyCents={plan.monthlyPriceCents} yearlyCents={plan.yearlyPriceCents} size="sm" /> : <span />}
            <Button
              size="xs"
              variant="default"
              leftSection={<IconPlus size={14} />}
              disabled={!plan || estimate.middlewarePlanIds.length >= ESTIMATE_LIMITS.services}
              onClick={() => plan && onChange({ middlewarePlanIds: [...estimate.middlewarePlanIds, plan.id] })}
              data-testid="estimate-add-middleware"
            >
              Add middleware
            </Button>
          </Group>
        </Stack>

        <Stack gap="xs">
          <Select
            label="Support plan"
            description="Basic support is included with every organisation."
            data={[{ value: NO_SUPPORT, label: 'No support plan in this estimate' }, ...catalog.supportPlans.map((entry) => ({ value: entry.id, label: entry.name }))]}
            value={estimate.supportPlanId ?? NO_SUPPORT}
            allowDeselect={false}
            onChange={(value) => onChange({ supportPlanId: value && value !== NO_SUPPORT ? value : null })}
            data-testid="estimate-support"
          />
          {support ? (
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Text size="xs" c="dimmed">
                Critical incidents answered within {responseTimeLabel(support.responseMinutes[0])}
                {support.namedEngineer ? ', with a named engineer' : ''}.
              </Text>
              <SupportPlanPrice plan={support} size="sm" />
            </Group>
          ) : null}
          {errors.get(firstServiceLine + estimate.middlewarePlanIds.length) ? (
            <Text size="xs" fw={600} role="alert">
              {errors.get(firstServiceLine + estimate.middlewarePlanIds.length)}
            </Text>
          ) : null}
        </Stack>
      </Stack>
    </Card>
  );
}
