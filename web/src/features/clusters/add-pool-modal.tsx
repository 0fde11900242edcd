import { Group, NumberInput, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { CancelSubmitRow } from '../../components/form-fields';
import { orderNodePoolSchema, TAINT_EFFECTS } from '@kubemarket/shared';
import type { TaintEffect } from '@kubemarket/shared';
import { IconX } from '@tabler/icons-react';
import { useMemo } from 'react';
import { z } from 'zod';
import { ErrorAlert } from '../../components/error-alert';
import { RowList } from '../../components/row-list';
import { toast } from '../../lib/toast';
import { useTRPCClient } from '../../lib/trpc';
import { useSchemaForm } from '../../lib/use-schema-form';
import { flavorsFor } from '../catalog-browse';
import { useClusterMutation, usePriceBook } from './cluster-queries';
import type { ClusterDetail, NewNodePool } from './cluster-types';
import { MAX_POOL_NODES, usePricedChange } from './pool-modals';
import type { PoolChange } from './pool-pricing';
import { PriceChangeView } from './price-change-view';
import { Modal } from '../../components/overlays';

interface LabelRow {
  key: string;
  value: string;
}

interface TaintRow extends LabelRow {
  effect: TaintEffect;
}

const TAINT_EFFECT_LABELS: Record<TaintEffect, string> = {
  NoSchedule: 'NoSchedule: new pods stay off',
  PreferNoSchedule: 'PreferNoSchedule: avoided when possible',
  NoExecute: 'NoExecute: running pods are evicted too',
};

/** How the modal's label and taint rows look. */
const ROW_LIST_LOOK = { titleWeight: 500, rowAlign: 'flex-end', removeIcon: <IconX size={16} aria-hidden />, removeProps: { color: 'red', size: 'lg' }, addSize: 'xs' } as const;

/** A pool name not used in the cluster yet: pool-2, pool-3, ... */
function nextPoolName(cluster: ClusterDetail): string {
  const names = new Set(cluster.nodePools.map((pool) => pool.name));
  let index = cluster.nodePools.length + 1;
  while (names.has(`pool-${index}`)) index += 1;
  return `pool-${index}`;
}

type PoolDraft = {
  name: string;
  flavorId: string | null;
  count: number | string;
  autoscale: boolean;
  min: number | string;
  max: number | string;
  labels: LabelRow[];
  taints: TaintRow[];
};

/** The form's field of an issue of the server's schema. */
const fieldOfIssue = (path: readonly PropertyKey[]) => (path[0] === 'autoscale' ? String(path[1] ?? 'min') : String(path[0] ?? 'name'));

/**
 * The form's values checked by the server's schema (orderNodePoolSchema), each message under its
 * field, and read as the pool it sends; a name the cluster already has is refused too.
 */
function poolSchema(cluster: ClusterDetail) {
  return z.custom<PoolDraft>().transform((draft, context): NewNodePool => {
    const candidate = {
      name: draft.name,
      flavorId: draft.flavorId ?? '',
      count: draft.autoscale ? Number(draft.min) : Number(draft.count),
      autoscale: draft.autoscale ? { min: Number(draft.min), max: Number(draft.max) } : null,
      labels: Object.fromEntries(draft.labels.filter((row) => row.key.trim() !== '' || row.value.trim() !== '').map((row) => [row.key.trim(), row.value.trim()])),
      taints: draft.taints.filter((row) => row.key.trim() !== '').map((row) => ({ key: row.key.trim(), value: row.value.trim(), effect: row.effect })),
    };
    const parsed = orderNodePoolSchema.safeParse(candidate);
    const problems: Record<string, string> = {};
    if (cluster.nodePools.some((existing) => existing.name === draft.name.trim())) problems.name = `This cluster already has a node pool named "${draft.name.trim()}".`;
    for (const issue of parsed.success ? [] : parsed.error.issues) problems[fieldOfIssue(issue.path)] ??= issue.path[0] === 'flavorId' ? 'Choose the flavour of the nodes.' : issue.message;
    if (draft.autoscale && Number(draft.min) > Number(draft.max)) problems.max ??= 'The maximum cannot be below the minimum.';
    for (const [path, message] of Object.entries(problems)) context.addIssue({ code: 'custom', path: [path], message });
    return parsed.success && Object.keys(problems).length === 0 ? (parsed.data as NewNodePool) : z.NEVER;
  });
}

/** Add a node pool with a flavour the tier offers in the cluster's region; priced before it is confirmed. */
export function AddPoolModal({ cluster, onClose }: { cluster: ClusterDetail; onClose: () => void }) {
  const client = useTRPCClient();
  const { catalog } = usePriceBook();
  const schema = useMemo(() => poolSchema(cluster), [cluster]);

  const tier = catalog?.tiers.find((candidate) => candidate.id === cluster.tier.id);
  const flavors = catalog && tier ? flavorsFor(catalog, tier, cluster.region.id) : [];

  const add = useClusterMutation(
    cluster.id,
    (next: NewNodePool) => client.clusters.addNodePool.mutate({ id: cluster.id, pool: next }),
    (_, next) => {
      toast({ title: `Adding ${next.name}`, description: 'Its nodes join one by one; follow them on the Overview and Nodes tabs.', variant: 'info' });
      onClose();
    },
  );
  // Controlled: the price follows the values.
  const { form, formRef, onSubmit, submitting, error: sendError } = useSchemaForm({
    schema,
    initialValues: { name: nextPoolName(cluster), flavorId: null, count: 1, autoscale: false, min: 1, max: 3, labels: [], taints: [] } as PoolDraft,
    mode: 'controlled',
    submit: (pool) => (priced?.kind === 'priced' ? add.mutateAsync(pool) : undefined),
  });
  const { labels, taints } = form.values;
  // Priced as soon as the pool is complete.
  const checked = schema.safeParse(form.values);
  const change: PoolChange | null = checked.success ? { kind: 'add', pool: checked.data } : null;
  const { priced, error, refetch } = usePricedChange(cluster, change);
  const setLabels = (rows: LabelRow[]) => form.setFieldValue('labels', rows);
  const setTaints = (rows: TaintRow[]) => form.setFieldValue('taints', rows);

  return (
    <Modal opened onClose={() => !submitting && onClose()} title={<Text fw={700}>Add a node pool to {cluster.name}</Text>} size="lg" closeButtonProps={{ 'aria-label': 'Close' }} centered data-testid="add-pool-modal">
      <form ref={formRef} noValidate onSubmit={onSubmit}>
        <Stack gap="md">
          <Group grow align="flex-start">
            <TextInput label="Pool name" {...form.getInputProps('name')} autoComplete="off" data-testid="pool-name" />
            <Select
              label="Node flavour"
              placeholder={catalog ? 'Choose a flavour' : 'Loading the flavours…'}
              data={flavors.map((flavor) => ({ value: flavor.id, label: /vCPU/.test(flavor.name) ? flavor.name : `${flavor.name} (${flavor.vcpu} vCPU, ${flavor.memoryGb} GB)` }))}
              {...form.getInputProps('flavorId')}
              disabled={!catalog}
              nothingFoundMessage="No flavour of this tier is offered in this region."
              data-testid="pool-flavor"
            />
          </Group>
          <Switch label="Autoscaling" description="Kubernetes adds and removes nodes between the limits as the load needs." {...form.getInputProps('autoscale', { type: 'checkbox' })} />
          {form.values.autoscale ? (
            <Group grow align="flex-start">
              <NumberInput label="Minimum nodes" min={1} max={MAX_POOL_NODES} allowDecimal={false} {...form.getInputProps('min')} />
              <NumberInput label="Maximum nodes" min={1} max={MAX_POOL_NODES} allowDecimal={false} {...form.getInputProps('max')} />
            </Group>
          ) : (
            <NumberInput label="Nodes" min={1} max={MAX_POOL_NODES} allowDecimal={false} {...form.getInputProps('count')} data-testid="pool-count" />
          )}

          <RowList
            title="Kubernetes labels"
            {...ROW_LIST_LOOK}
            rows={labels}
            renderRow={(row, index) => (
              <>
                <TextInput label="Key" placeholder="e.g. workload" style={{ flexGrow: 1 }} autoComplete="off" value={row.key} onChange={(event) => setLabels(replace(labels, index, { ...row, key: event.currentTarget.value }))} />
                <TextInput label="Value" placeholder="e.g. batch" style={{ flexGrow: 1 }} autoComplete="off" value={row.value} onChange={(event) => setLabels(replace(labels, index, { ...row, value: event.currentTarget.value }))} />
              </>
            )}
            rowWrap="nowrap"
            removeLabel={(index) => `Remove label ${index + 1}`}
            onRemove={(index) => setLabels(labels.filter((_, other) => other !== index))}
            error={form.errors.labels}
            addLabel="Add label"
            onAdd={() => setLabels([...labels, { key: '', value: '' }])}
          />

          <RowList
            title="Taints"
            {...ROW_LIST_LOOK}
            description="Keep pods off this pool unless they tolerate the taint, e.g. to reserve large nodes for batch jobs."
            rows={taints}
            renderRow={(row, index) => (
              <>
                <TextInput label="Key" placeholder="e.g. dedicated" style={{ flex: '1 1 140px' }} autoComplete="off" value={row.key} onChange={(event) => setTaints(replace(taints, index, { ...row, key: event.currentTarget.value }))} />
                <TextInput label="Value" placeholder="e.g. batch" style={{ flex: '1 1 120px' }} autoComplete="off" value={row.value} onChange={(event) => setTaints(replace(taints, index, { ...row, value: event.currentTarget.value }))} />
                <Select
                  label="Effect"
                  style={{ flex: '1 1 200px' }}
                  data={TAINT_EFFECTS.map((effect) => ({ value: effect, label: TAINT_EFFECT_LABELS[effect] }))}
                  value={row.effect}
                  allowDeselect={false}
                  onChange={(value) => value && setTaints(replace(taints, index, { ...row, effect: value as TaintEffect }))}
                />
              </>
            )}
            rowWrap="wrap"
            removeLabel={(index) => `Remove taint ${index + 1}`}
            onRemove={(index) => setTaints(taints.filter((_, other) => other !== index))}
            error={form.errors.taints}
            addLabel="Add taint"
            onAdd={() => setTaints([...taints, { key: '', value: '', effect: 'NoSchedule' }])}
          />

          {change ? (
            <PriceChangeView change={priced} error={error} onRetry={refetch} />
          ) : (
            <Text size="sm" c="dimmed">
              Name the pool and choose its flavour to see the new price.
            </Text>
          )}
          <ErrorAlert>{sendError}</ErrorAlert>
          <CancelSubmitRow onCancel={onClose} holdCancel submitting={submitting} disabled={change !== null && priced?.kind !== 'priced'} gap="sm" testId="add-pool-confirm">
            Add the pool
          </CancelSubmitRow>
        </Stack>
      </form>
    </Modal>
  );
}

function replace<T>(rows: readonly T[], index: number, row: T): T[] {
  return rows.map((existing, other) => (other === index ? row : existing));
}
