import { Button, Group, NumberInput, Stack, Switch, Text } from '@mantine/core';
import { CancelSubmitRow } from '../../components/form-fields';
import { useMemo } from 'react';
import { z } from 'zod';
import { ErrorAlert } from '../../components/error-alert';
import { toast } from '../../lib/toast';
import { useTRPCClient } from '../../lib/trpc';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useClusterMutation, usePriceBook } from './cluster-queries';
import type { ClusterDetail, NodePool } from './cluster-types';
import { priceChange } from './pool-pricing';
import type { PoolChange, PriceChange } from './pool-pricing';
import { PriceChangeView } from './price-change-view';
import { Modal } from '../../components/overlays';

/** The server's limits of a pool (clusters schemas): 1 to 100 nodes. */
export const MAX_POOL_NODES = 100;

/** The change priced with the catalogue's price book, or null while it loads. */
export function usePricedChange(cluster: ClusterDetail, change: PoolChange | null) {
  const { priceBook, error, refetch, fetchedAt } = usePriceBook();
  const priced = useMemo((): PriceChange | null => (priceBook && change ? priceChange(cluster, change, priceBook, fetchedAt) : null), [cluster, change, priceBook, fetchedAt]);
  return { priced, error, refetch };
}

function wholeNumber(value: string | number, min: number, max: number): number | null {
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isInteger(number) && number >= min && number <= max ? number : null;
}

const NODES_MESSAGE = `From 1 to ${MAX_POOL_NODES}.`;
const nodes = (value: string | number) => (wholeNumber(value, 1, MAX_POOL_NODES) === null ? NODES_MESSAGE : null);

/** The server's limits of a pool in the form's terms: a node count, or autoscaling limits in order. */
const scaleSchema = z
  .object({ autoscale: z.boolean(), count: z.custom<string | number>(), min: z.custom<string | number>(), max: z.custom<string | number>() })
  .superRefine(({ autoscale, count, min, max }, context) => {
    const problems: Array<[string, string | null]> = autoscale
      ? [
          ['min', nodes(min)],
          ['max', nodes(max) ?? (nodes(min) === null && Number(min) > Number(max) ? 'The minimum cannot be above the maximum.' : null)],
        ]
      : [['count', nodes(count)]];
    for (const [path, message] of problems) if (message) context.addIssue({ code: 'custom', path: [path], message });
  });

type ScaleValues = { autoscale: boolean; count: string | number; min: string | number; max: string | number };

/** The change the values ask for, or null when they are incomplete or change nothing. */
function scaleChange(pool: NodePool, { autoscale, count, min, max }: ScaleValues): PoolChange | null {
  const validCount = wholeNumber(count, 1, MAX_POOL_NODES);
  const validMin = wholeNumber(min, 1, MAX_POOL_NODES);
  const validMax = wholeNumber(max, 1, MAX_POOL_NODES);
  if (autoscale) {
    if (validMin === null || validMax === null || validMin > validMax) return null;
    if (pool.autoscaling && pool.autoscaling.min === validMin && pool.autoscaling.max === validMax) return null;
    return { kind: 'scale', poolId: pool.id, autoscaling: { min: validMin, max: validMax } };
  }
  if (validCount === null) return null;
  if (validCount === pool.count && pool.autoscaling === null) return null;
  return { kind: 'scale', poolId: pool.id, count: validCount, ...(pool.autoscaling ? { autoscaling: null } : {}) };
}

/** Scale a pool, or change or switch its autoscaling; priced before it is confirmed. */
export function ScalePoolModal({ cluster, pool, onClose }: { cluster: ClusterDetail; pool: NodePool; onClose: () => void }) {
  const client = useTRPCClient();
  const scale = useClusterMutation(
    cluster.id,
    (next: PoolChange & { kind: 'scale' }) =>
      client.clusters.scaleNodePool.mutate({
        id: cluster.id,
        poolId: next.poolId,
        ...(next.count !== undefined ? { count: next.count } : {}),
        ...(next.autoscaling !== undefined ? { autoscaling: next.autoscaling } : {}),
      }),
    () => {
      toast({ title: `Scaling ${pool.name}`, description: 'The nodes change one by one; follow them on the Overview and Nodes tabs.', variant: 'info' });
      onClose();
    },
  );
  // Controlled, and checked as it changes: the price and the button follow the values.
  const { form, formRef, onSubmit, submitting, error: sendError } = useSchemaForm({
    schema: scaleSchema,
    initialValues: {
      autoscale: pool.autoscaling !== null,
      count: pool.count,
      min: pool.autoscaling?.min ?? Math.max(1, pool.count - 1),
      max: pool.autoscaling?.max ?? pool.count + 2,
    } as ScaleValues,
    mode: 'controlled',
    validateInputOnChange: true,
    submit: (_checked, values): Promise<unknown> | undefined => {
      const next = scaleChange(pool, values);
      return next?.kind === 'scale' && priced?.kind === 'priced' ? scale.mutateAsync(next) : undefined;
    },
  });
  const { autoscale } = form.values;

  const change = scaleChange(pool, form.values);
  const { priced, error, refetch } = usePricedChange(cluster, change);

  return (
    <Modal opened onClose={() => !submitting && onClose()} title={<Text fw={700}>Scale {pool.name}</Text>} closeButtonProps={{ 'aria-label': 'Close' }} centered data-testid="scale-pool-modal">
      <form ref={formRef} onSubmit={onSubmit}>
        <Stack gap="md">
          <Text size="sm">
            {pool.name} runs {pool.count} × {pool.flavor.name}
            {pool.autoscaling ? `, autoscaling from ${pool.autoscaling.min} to ${pool.autoscaling.max} nodes` : ''}.
          </Text>
          <Switch label="Autoscaling" description="Kubernetes adds and removes nodes between the limits as the load needs." {...form.getInputProps('autoscale', { type: 'checkbox' })} data-testid="scale-autoscale" />
          {autoscale ? (
            <Group grow align="flex-start">
              <NumberInput label="Minimum nodes" min={1} max={MAX_POOL_NODES} allowDecimal={false} {...form.getInputProps('min')} data-testid="scale-min" />
              <NumberInput label="Maximum nodes" min={1} max={MAX_POOL_NODES} allowDecimal={false} {...form.getInputProps('max')} data-testid="scale-max" />
            </Group>
          ) : (
            <NumberInput label="Nodes" min={1} max={MAX_POOL_NODES} allowDecimal={false} {...form.getInputProps('count')} data-testid="scale-count" />
          )}
          {change ? <PriceChangeView change={priced} error={error} onRetry={refetch} /> : <Text size="sm" c="dimmed">Change the nodes or the limits to see the new price.</Text>}
          <ErrorAlert>{sendError}</ErrorAlert>
          <CancelSubmitRow onCancel={onClose} holdCancel submitting={submitting} disabled={!change || priced?.kind !== 'priced'} gap="sm" testId="scale-confirm">
            Apply the change
          </CancelSubmitRow>
        </Stack>
      </form>
    </Modal>
  );
}

/** Drain and remove a pool, priced before it is confirmed. */
export function RemovePoolModal({ cluster, pool, onClose }: { cluster: ClusterDetail; pool: NodePool; onClose: () => void }) {
  const client = useTRPCClient();
  const change = useMemo((): PoolChange => ({ kind: 'remove', poolId: pool.id }), [pool.id]);
  const { priced, error, refetch } = usePricedChange(cluster, change);
  const remove = useClusterMutation(
    cluster.id,
    () => client.clusters.removeNodePool.mutate({ id: cluster.id, poolId: pool.id }),
    () => {
      toast({ title: `Removing ${pool.name}`, description: 'Its nodes are drained first: the workloads move to the other pools.', variant: 'info' });
      onClose();
    },
  );
  return (
    <Modal opened onClose={() => !remove.isPending && onClose()} title={<Text fw={700}>Remove {pool.name}?</Text>} closeButtonProps={{ 'aria-label': 'Close' }} centered data-testid="remove-pool-modal">
      <Stack gap="md">
        <Text size="sm">
          Its {pool.count} {pool.count === 1 ? 'node is' : 'nodes are'} drained: the pods move to the other pools, then the nodes are removed. Pods that only tolerate
          this pool&apos;s taints or select its labels will wait until another pool can run them.
        </Text>
        <PriceChangeView change={priced} error={error} onRetry={refetch} />
        <ErrorAlert>{remove.error?.message}</ErrorAlert>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={remove.isPending}>
            Keep the pool
          </Button>
          <Button color="red" disabled={priced?.kind !== 'priced'} loading={remove.isPending} onClick={() => remove.mutate(undefined)} data-testid="remove-pool-confirm">
            Remove {pool.name}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
