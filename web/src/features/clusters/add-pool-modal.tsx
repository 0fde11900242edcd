import { ActionIcon, Button, Group, Modal, NumberInput, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { orderNodePoolSchema, TAINT_EFFECTS } from '@kubemarket/shared';
import type { TaintEffect } from '@kubemarket/shared';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { toast } from '../../lib/toast';
import { useTRPCClient } from '../../lib/trpc';
import { flavorsFor } from '../catalog-browse';
import { useClusterMutation, usePriceBook } from './cluster-queries';
import type { ClusterDetail, NewNodePool } from './cluster-types';
import { MAX_POOL_NODES, usePricedChange } from './pool-modals';
import type { PoolChange } from './pool-pricing';
import { PriceChangeView } from './price-change-view';

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

/** A pool name not used in the cluster yet: pool-2, pool-3, ... */
function nextPoolName(cluster: ClusterDetail): string {
  const names = new Set(cluster.nodePools.map((pool) => pool.name));
  let index = cluster.nodePools.length + 1;
  while (names.has(`pool-${index}`)) index += 1;
  return `pool-${index}`;
}

/** The form's values as the server's schema reads them, and what it says is wrong, by field. */
function checkPool(draft: { name: string; flavorId: string | null; count: number | string; autoscale: boolean; min: number | string; max: number | string; labels: LabelRow[]; taints: TaintRow[] }) {
  const candidate = {
    name: draft.name,
    flavorId: draft.flavorId ?? '',
    count: draft.autoscale ? Number(draft.min) : Number(draft.count),
    autoscale: draft.autoscale ? { min: Number(draft.min), max: Number(draft.max) } : null,
    labels: Object.fromEntries(draft.labels.filter((row) => row.key.trim() !== '' || row.value.trim() !== '').map((row) => [row.key.trim(), row.value.trim()])),
    taints: draft.taints.filter((row) => row.key.trim() !== '').map((row) => ({ key: row.key.trim(), value: row.value.trim(), effect: row.effect })),
  };
  const parsed = orderNodePoolSchema.safeParse(candidate);
  const errors: Record<string, string> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] === 'autoscale' ? `autoscale.${String(issue.path[1] ?? 'min')}` : String(issue.path[0] ?? 'pool');
      errors[field] ??= issue.message;
    }
  }
  if (draft.autoscale && Number(draft.min) > Number(draft.max)) errors['autoscale.max'] ??= 'The maximum cannot be below the minimum.';
  return { pool: parsed.success && Object.keys(errors).length === 0 ? (parsed.data as NewNodePool) : null, errors };
}

/** Add a node pool with a flavour the tier offers in the cluster's region; priced before it is confirmed. */
export function AddPoolModal({ cluster, onClose }: { cluster: ClusterDetail; onClose: () => void }) {
  const client = useTRPCClient();
  const { catalog } = usePriceBook();
  const labelsId = useId();
  const taintsId = useId();
  const [name, setName] = useState(() => nextPoolName(cluster));
  const [flavorId, setFlavorId] = useState<string | null>(null);
  const [count, setCount] = useState<string | number>(1);
  const [autoscale, setAutoscale] = useState(false);
  const [min, setMin] = useState<string | number>(1);
  const [max, setMax] = useState<string | number>(3);
  const [labels, setLabels] = useState<LabelRow[]>([]);
  const [taints, setTaints] = useState<TaintRow[]>([]);
  const [submitted, setSubmitted] = useState(false);

  const tier = catalog?.tiers.find((candidate) => candidate.id === cluster.tier.id);
  const flavors = catalog && tier ? flavorsFor(catalog, tier, cluster.region.id) : [];
  const { pool, errors } = checkPool({ name, flavorId, count, autoscale, min, max, labels, taints });
  const duplicate = cluster.nodePools.some((existing) => existing.name === name.trim()) ? `This cluster already has a node pool named "${name.trim()}".` : null;
  const nameError = duplicate ?? errors.name;
  // Priced as soon as the pool is complete.
  const change: PoolChange | null = pool && duplicate === null ? { kind: 'add', pool } : null;
  const { priced, error, refetch } = usePricedChange(cluster, change);

  const add = useClusterMutation(
    cluster.id,
    (next: NewNodePool) => client.clusters.addNodePool.mutate({ id: cluster.id, pool: next }),
    (_, next) => {
      toast({ title: `Adding ${next.name}`, description: 'Its nodes join one by one; follow them on the Overview and Nodes tabs.', variant: 'info' });
      onClose();
    },
  );
  const show = (field: string) => (submitted ? errors[field] : undefined);

  return (
    <Modal opened onClose={() => !add.isPending && onClose()} title={<Text fw={700}>Add a node pool to {cluster.name}</Text>} size="lg" closeButtonProps={{ 'aria-label': 'Close' }} centered data-testid="add-pool-modal">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setSubmitted(true);
          if (pool && !duplicate && priced?.kind === 'priced') add.mutate(pool);
        }}
      >
        <Stack gap="md">
          <Group grow align="flex-start">
            <TextInput label="Pool name" value={name} onChange={(event) => setName(event.currentTarget.value)} error={name.trim() === '' && !submitted ? undefined : nameError} autoComplete="off" data-testid="pool-name" />
            <Select
              label="Node flavour"
              placeholder={catalog ? 'Choose a flavour' : 'Loading the flavours…'}
              data={flavors.map((flavor) => ({ value: flavor.id, label: /vCPU/.test(flavor.name) ? flavor.name : `${flavor.name} (${flavor.vcpu} vCPU, ${flavor.memoryGb} GB)` }))}
              value={flavorId}
              onChange={setFlavorId}
              disabled={!catalog}
              error={show('flavorId') && 'Choose the flavour of the nodes.'}
              nothingFoundMessage="No flavour of this tier is offered in this region."
              data-testid="pool-flavor"
            />
          </Group>
          <Switch label="Autoscaling" description="Kubernetes adds and removes nodes between the limits as the load needs." checked={autoscale} onChange={(event) => setAutoscale(event.currentTarget.checked)} />
          {autoscale ? (
            <Group grow align="flex-start">
              <NumberInput label="Minimum nodes" min={1} max={MAX_POOL_NODES} allowDecimal={false} value={min} onChange={setMin} error={errors['autoscale.min']} />
              <NumberInput label="Maximum nodes" min={1} max={MAX_POOL_NODES} allowDecimal={false} value={max} onChange={setMax} error={errors['autoscale.max']} />
            </Group>
          ) : (
            <NumberInput label="Nodes" min={1} max={MAX_POOL_NODES} allowDecimal={false} value={count} onChange={setCount} error={errors.count} data-testid="pool-count" />
          )}

          <Stack gap={6} role="group" aria-labelledby={labelsId}>
            <Text size="sm" fw={500} id={labelsId}>
              Kubernetes labels
            </Text>
            {labels.map((row, index) => (
              <Group key={index} gap="xs" align="flex-end" wrap="nowrap">
                <TextInput label="Key" placeholder="e.g. workload" style={{ flexGrow: 1 }} autoComplete="off" value={row.key} onChange={(event) => setLabels(replace(labels, index, { ...row, key: event.currentTarget.value }))} />
                <TextInput label="Value" placeholder="e.g. batch" style={{ flexGrow: 1 }} autoComplete="off" value={row.value} onChange={(event) => setLabels(replace(labels, index, { ...row, value: event.currentTarget.value }))} />
                <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Remove label ${index + 1}`} onClick={() => setLabels(labels.filter((_, other) => other !== index))}>
                  <IconX size={16} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
            {errors.labels ? (
              <Text size="xs" c="var(--mantine-color-error)" role="alert">
                {errors.labels}
              </Text>
            ) : null}
            <Group>
              <Button size="xs" variant="subtle" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => setLabels([...labels, { key: '', value: '' }])}>
                Add label
              </Button>
            </Group>
          </Stack>

          <Stack gap={6} role="group" aria-labelledby={taintsId}>
            <Text size="sm" fw={500} id={taintsId}>
              Taints
            </Text>
            <Text size="xs" c="dimmed">
              Keep pods off this pool unless they tolerate the taint, e.g. to reserve large nodes for batch jobs.
            </Text>
            {taints.map((row, index) => (
              <Group key={index} gap="xs" align="flex-end" wrap="wrap">
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
                <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Remove taint ${index + 1}`} onClick={() => setTaints(taints.filter((_, other) => other !== index))}>
                  <IconX size={16} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
            {errors.taints ? (
              <Text size="xs" c="var(--mantine-color-error)" role="alert">
                {errors.taints}
              </Text>
            ) : null}
            <Group>
              <Button size="xs" variant="subtle" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => setTaints([...taints, { key: '', value: '', effect: 'NoSchedule' }])}>
                Add taint
              </Button>
            </Group>
          </Stack>

          {change ? (
            <PriceChangeView change={priced} error={error} onRetry={refetch} />
          ) : (
            <Text size="sm" c="dimmed">
              Name the pool and choose its flavour to see the new price.
            </Text>
          )}
          <ErrorAlert>{add.error?.message}</ErrorAlert>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={add.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending} disabled={submitted && (!change || priced?.kind !== 'priced')} data-testid="add-pool-confirm">
              Add the pool
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function replace<T>(rows: readonly T[], index: number, row: T): T[] {
  return rows.map((existing, other) => (other === index ? row : existing));
}
