import { Alert, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryView } from '../../components/list-kit';
import { SectionCard } from '../../components/section-card';
import { formatDate } from '../../lib/date-format';
import { useTRPC } from '../../lib/trpc';
import { useBillingChange } from './billing-change';
import { KeepOrConfirm } from './dialog-buttons';
import type { BillingPlans } from './billing-types';
import { Money } from './money';
import { Modal } from '../../components/overlays';

type Option = BillingPlans['options'][number];

const CYCLE_DESCRIPTIONS: Record<Option['cycle'], string> = {
  monthly: 'Billed monthly for what you use; no commitment.',
  yearly: 'Cluster subscriptions billed for a year at a time, at a discount.',
};

/** The two cards as most organisations see them: on pay as you go (the default), offered the yearly discount. */
const PLAN_SAMPLES = [
  { cycle: 'monthly', label: 'Pay as you go (monthly)', badge: 'Current plan', current: true },
  { cycle: 'yearly', label: 'Yearly commitment', badge: 'Save 15 %', current: false },
] as const;

/**
 * The two plan cards while they load, line for line: name and badge, description (known
 * already), yearly example, then the current period's dates or the switch button, so the section
 * keeps its height when the plans arrive.
 */
function PlansSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} aria-busy="true" data-testid="plans-skeleton">
      {PLAN_SAMPLES.map((sample) => (
        <Card key={sample.cycle} withBorder radius="md" padding="md">
          <Stack gap="xs">
            <Group justify="space-between" gap="xs" aria-hidden>
              <Skeleton width="fit-content">
                <Text fw={700}>{sample.label}</Text>
              </Skeleton>
              <Skeleton width="fit-content">
                <Badge>{sample.badge}</Badge>
              </Skeleton>
            </Group>
            <Text size="sm" c="dimmed">
              {CYCLE_DESCRIPTIONS[sample.cycle]}
            </Text>
            <Skeleton width="fit-content" maw="100%" aria-hidden>
              <Text size="sm">Your clusters&apos; control planes over a year: €0,000.00</Text>
            </Skeleton>
            {sample.current ? (
              <Skeleton width="fit-content" maw="100%" aria-hidden>
                <Text size="sm">Since 1 November 2026; this period ends on 1 December 2026.</Text>
              </Skeleton>
            ) : (
              <Skeleton height={36} aria-hidden />
            )}
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}

export function PlansSection({ mayChange }: { mayChange: boolean }) {
  const trpc = useTRPC();
  const query = useQuery(trpc.billing.plans.queryOptions());
  const [choice, setChoice] = useState<Option | null>(null);
  const { done, onError } = useBillingChange();
  const switchPlan = useMutation(
    trpc.billing.switchPlan.mutationOptions({
      onSuccess(plans) {
        setChoice(null);
        done(plans.scheduled ? `${plans.scheduled.label} starts on ${formatDate(plans.scheduled.startsAt)}.` : null);
      },
      onError,
    }),
  );
  const cancel = useMutation(
    trpc.billing.cancelPlanSwitch.mutationOptions({
      onSuccess: () => done('The scheduled switch is cancelled; your plan stays as it is.'),
      onError,
    }),
  );

  return (
    <SectionCard id="plans" title="Plans" description="Pay as you go month by month, or commit for a year for a discount. A switch takes effect at the start of your next billing period.">
      <QueryView query={query} loading={<PlansSkeleton />} errorTitle="Plans could not be loaded">
        {(plans) => (
          <Stack gap="md">
            {plans.scheduled ? (
              <Alert color="blue" variant="light" icon={<IconCalendarEvent size={18} />} title="Switch scheduled" data-testid="plan-scheduled">
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">
                    You move to {plans.scheduled.label} on {formatDate(plans.scheduled.startsAt)}. Until then you stay on {plans.current.label}.
                  </Text>
                  {mayChange ? (
                    <Button size="xs" variant="white" loading={cancel.isPending} onClick={() => cancel.mutate()}>
                      Cancel the switch
                    </Button>
                  ) : null}
                </Stack>
              </Alert>
            ) : null}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {plans.options.map((option) => (
                <Card key={option.plan} withBorder radius="md" padding="md" data-testid={`plan-${option.plan}`} data-current={option.current}>
                  <Stack gap="xs">
                    <Group justify="space-between" gap="xs">
                      <Text fw={700}>{option.label}</Text>
                      {option.current ? <Badge color="teal">Current plan</Badge> : null}
                      {option.discountPercent > 0 ? (
                        <Badge color="grape" variant="light" data-testid="plan-discount">
                          Save {option.discountPercent} %
                        </Badge>
                      ) : null}
                    </Group>
                    <Text size="sm" c="dimmed">
                      {CYCLE_DESCRIPTIONS[option.cycle]}
                    </Text>
                    {option.exampleYearCents > 0 ? (
                      <Text size="sm">
                        Your clusters&apos; control planes over a year: <Money cents={option.exampleYearCents} />
                      </Text>
                    ) : null}
                    {option.current ? (
                      <Text size="sm" c="dimmed">
                        {plans.current.since !== null && plans.current.since > 0 ? `Since ${formatDate(plans.current.since)}; ` : ''}this period ends on {formatDate(plans.current.periodEndsAt)}.
                      </Text>
                    ) : mayChange && plans.scheduled?.plan !== option.plan ? (
                      <Button variant="light" onClick={() => setChoice(option)} data-testid={`switch-to-${option.plan}`}>
                        Switch to {option.label.toLowerCase()}
                      </Button>
                    ) : null}
                  </Stack>
                </Card>
              ))}
            </SimpleGrid>
          </Stack>
        )}
      </QueryView>
      <Modal opened={choice !== null} onClose={() => setChoice(null)} title={choice ? `Switch to ${choice.label.toLowerCase()}?` : ''} centered>
        {choice ? (
          <Stack gap="md" data-testid="plan-switch-explanation">
            <Text size="sm">{choice.whatSwitchingMeans}</Text>
            {choice.effectiveAt !== null ? <Text size="sm" fw={600}>Takes effect on {formatDate(choice.effectiveAt)}. Nothing changes before then.</Text> : null}
            <KeepOrConfirm keepLabel="Keep my plan" onKeep={() => setChoice(null)} pending={switchPlan.isPending} onConfirm={() => switchPlan.mutate({ plan: choice.plan })} testId="confirm-plan-switch">
              Confirm the switch
            </KeepOrConfirm>
          </Stack>
        ) : null}
      </Modal>
    </SectionCard>
  );
}
