import { euros, LEFTOVER_KIND_LABELS, roleCan } from '@kubemarket/shared';
import { Button, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmModal } from '../../components/confirm-modal';
import { QueryTable, type Column } from '../../components/list-kit';
import { SectionCard } from '../../components/section-card';
import { TableSkeleton } from '../../components/table-skeleton';
import { formatDate } from '../../lib/date-format';
import { useTRPC } from '../../lib/trpc';
import { useSessionUser } from '../auth';
import type { KeptLeftover } from './leftover-types';

const CAPTION = 'Resources kept after their cluster was deleted, billed every hour until removed';
const MIN_WIDTH = 760;
const SAMPLE = ['legacy-shop', 'Volume', 'default/data-legacy-shop-0', '40 GB', '€4.00', '28 November 2026', 'Remove'];

function RemoveLeftoverModal({ leftover, onClose }: { leftover: KeptLeftover; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const remove = useMutation(
    trpc.leftovers.remove.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: trpc.leftovers.list.queryKey() });
        onClose();
      },
    }),
  );
  const what = `${LEFTOVER_KIND_LABELS[leftover.kind].toLowerCase()} ${leftover.name}${leftover.sizeGb === null ? '' : ` (${leftover.sizeGb} GB)`}`;
  return (
    <ConfirmModal
      opened
      onClose={onClose}
      title={`Remove ${leftover.name}?`}
      error={remove.error?.message}
      pending={remove.isPending}
      keepLabel="Keep it"
      confirmLabel="Remove"
      confirmColor="red"
      onConfirm={() => remove.mutate({ id: leftover.id })}
      testIds={{ modal: 'leftover-remove-modal', confirm: 'leftover-remove-confirm' }}
    >
      <Text size="sm">{`The ${what} that ${leftover.clusterName} left is deleted with what it holds, and its billing (${euros(leftover.monthlyCents)} a month) stops this hour. This cannot be undone.`}</Text>
    </ConfirmModal>
  );
}

/**
 * /billing's "Kept after cluster deletion": what the organisation chose to keep when deleting a
 * cluster, each with its monthly price; every member reads it, whoever may delete clusters removes.
 */
export function LeftoversSection() {
  const user = useSessionUser();
  const mayRemove = roleCan(user.organizationRole, 'clusters:write');
  const trpc = useTRPC();
  const query = useQuery(trpc.leftovers.list.queryOptions());
  const [removing, setRemoving] = useState<KeptLeftover | null>(null);
  const columns: Array<Column<KeptLeftover> | false> = [
    { header: 'Cluster', rowHeader: true, cell: (leftover) => leftover.clusterName },
    { header: 'Kind', cell: (leftover) => LEFTOVER_KIND_LABELS[leftover.kind] },
    { header: 'Name', cell: (leftover) => <Text span size="sm" ff="monospace">{leftover.name}</Text> },
    { header: 'Size', align: 'right', cell: (leftover) => (leftover.sizeGb === null ? '—' : `${leftover.sizeGb} GB`) },
    { header: 'Monthly price', align: 'right', cell: (leftover) => euros(leftover.monthlyCents), cellProps: () => ({ 'data-testid': 'leftover-price' }) },
    { header: 'Billed since', cell: (leftover) => (leftover.billedSince === null ? 'Once its cluster is deleted' : formatDate(leftover.billedSince)) },
    mayRemove && {
      header: 'Actions',
      hideHeader: true,
      cell: (leftover) => (
        <Button size="xs" variant="default" color="red" onClick={() => setRemoving(leftover)} aria-label={`Remove ${leftover.name} of ${leftover.clusterName}`} data-testid="leftover-remove">
          Remove
        </Button>
      ),
    },
  ];
  const shown = columns.filter((column): column is Column<KeptLeftover> => column !== false);
  return (
    <SectionCard
      id="leftovers"
      title="Kept after cluster deletion"
      description="What you chose to keep when deleting a cluster: volumes, load balancers, backups and snapshots. Each is billed every hour until you remove it, and invoices name it."
      aside={query.data && query.data.items.length > 0 ? <Text fw={600} data-testid="leftovers-total">{euros(query.data.monthlyCents)} a month</Text> : null}
    >
      <QueryTable
        query={query}
        loading={<TableSkeleton columns={shown.map((column) => column.header)} caption={CAPTION} minWidth={MIN_WIDTH} sample={SAMPLE.slice(0, shown.length)} />}
        errorTitle="What deleted clusters left could not be loaded"
        empty={
          <Text size="sm" c="dimmed" data-testid="leftovers-empty">
            Nothing is kept: deleted clusters left nothing billable.
          </Text>
        }
        columns={shown}
        rowKey={(leftover) => leftover.id}
        rowProps={(leftover) => ({ 'data-testid': 'leftover-row', 'data-name': leftover.name })}
        caption={CAPTION}
        minWidth={MIN_WIDTH}
        verticalSpacing="xs"
        testId="leftovers-table"
      />
      {removing ? <RemoveLeftoverModal leftover={removing} onClose={() => setRemoving(null)} /> : null}
    </SectionCard>
  );
}
