import { euros, roleCan } from '@kubemarket/shared';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmModal } from '../../components/confirm-modal';
import { QueryView, RowsSkeleton } from '../../components/list-kit';
import { SectionCard } from '../../components/section-card';
import { formatDateTime } from '../../lib/date-format';
import { useTRPC } from '../../lib/trpc';
import { useSessionUser } from '../auth';
import { BudgetBars } from './budget-bars';
import { BudgetFormModal } from './budget-form';
import type { Budget, BudgetChoices } from './budget-types';

const BASIS_WORDS = { actual: 'spend so far', forecast: 'forecast' } as const;

/** The alerts a budget raised this month, newest last. */
function Alerts({ budget }: { budget: Budget }) {
  if (budget.alerts.length === 0) return <Text size="sm">No alert this month.</Text>;
  return (
    <Stack gap={4} data-testid="budget-alerts">
      {budget.alerts.map((alert) => (
        <Text key={`${alert.basis}-${alert.thresholdPercent}`} size="sm">
          {alert.thresholdPercent} % of the {BASIS_WORDS[alert.basis]} reached on {formatDateTime(alert.createdAt)} ({euros(alert.spendCents)})
        </Text>
      ))}
    </Stack>
  );
}

function BudgetCard({ budget, mayManage, onEdit, onDelete }: { budget: Budget; mayManage: boolean; onEdit: () => void; onDelete: () => void }) {
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={`budget-${budget.id}`} data-testid="budget">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={2}>
            <Title order={3} size="h5" id={`budget-${budget.id}`}>
              {budget.name}
            </Title>
            <Text size="sm">
              {budget.target} · {euros(budget.amountCents)} a month
            </Text>
          </Stack>
          <Group gap="xs">
            {budget.hibernateOnReach ? (
              <Badge color="orange.9" variant="filled">
                Hibernates when reached
              </Badge>
            ) : null}
            {mayManage ? (
              <>
                <Button size="xs" variant="default" onClick={onEdit} aria-label={`Edit the budget ${budget.name}`}>
                  Edit
                </Button>
                <Button size="xs" variant="default" color="red" onClick={onDelete} aria-label={`Delete the budget ${budget.name}`}>
                  Delete
                </Button>
              </>
            ) : null}
          </Group>
        </Group>
        <BudgetBars budget={budget} />
        <Alerts budget={budget} />
      </Stack>
    </Card>
  );
}

function DeleteBudgetModal({ budget, onClose }: { budget: Budget; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const remove = useMutation(
    trpc.budgets.delete.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: trpc.budgets.list.queryKey() });
        onClose();
      },
    }),
  );
  return (
    <ConfirmModal
      opened
      onClose={onClose}
      title={`Delete the budget ${budget.name}?`}
      error={remove.error?.message}
      pending={remove.isPending}
      confirmLabel="Delete budget"
      confirmColor="red"
      onConfirm={() => remove.mutate({ id: budget.id })}
    >
      <Text size="sm">Its alerts of this month go with it, and no more alerts are sent for what it watched. Your clusters and spend are not changed.</Text>
    </ConfirmModal>
  );
}

/**
 * /billing's Budgets: every member sees each budget's spend so far and forecast against its amount
 * and the alerts it raised this month; owners, administrators and billing managers add, change and
 * delete them.
 */
export function BudgetsSection() {
  const user = useSessionUser();
  const mayManage = roleCan(user.organizationRole, 'billing:write');
  const trpc = useTRPC();
  const query = useQuery(trpc.budgets.list.queryOptions());
  const [editing, setEditing] = useState<{ budget: Budget | null; choices: BudgetChoices } | null>(null);
  const [deleting, setDeleting] = useState<Budget | null>(null);
  return (
    <SectionCard
      id="budgets"
      title="Budgets"
      description="Monthly limits on what your organisation, a cluster, a tier or labelled clusters spend. Each alert threshold is checked every hour against spend so far and the month-end forecast, and alerts once a month: a notification and an email to those who manage billing, and a budget.threshold_reached webhook."
      aside={
        mayManage && query.data ? (
          <Button onClick={() => setEditing({ budget: null, choices: query.data.choices })} data-testid="budget-add">
            Add a budget
          </Button>
        ) : null
      }
    >
      <QueryView
        query={query}
        loading={<RowsSkeleton label="Loading budgets" heights={[140]} />}
        errorTitle="The budgets could not be loaded"
        isEmpty={(data) => data.budgets.length === 0}
        empty={<Text size="sm">No budget yet.{mayManage ? ' Add one to be warned before a month costs more than planned.' : ''}</Text>}
      >
        {(data) => (
          <Stack gap="md" data-testid="budgets">
            {data.budgets.map((budget) => (
              <BudgetCard key={budget.id} budget={budget} mayManage={mayManage} onEdit={() => setEditing({ budget, choices: data.choices })} onDelete={() => setDeleting(budget)} />
            ))}
          </Stack>
        )}
      </QueryView>
      {editing ? <BudgetFormModal budget={editing.budget} choices={editing.choices} onClose={() => setEditing(null)} /> : null}
      {deleting ? <DeleteBudgetModal budget={deleting} onClose={() => setDeleting(null)} /> : null}
    </SectionCard>
  );
}
