import { ActionIcon, Alert, Button, Card, Group, NumberInput, Select, SimpleGrid, Stack, Switch, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { TAINT_EFFECTS } from '@kubemarket/shared';
import { IconAlertCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { RowList } from '../../components/row-list';
import { formatInteger } from '../../lib/format';
import { nodesAtMost } from '../catalog-browse';
import type { Catalog, CatalogFlavor } from '../catalog';
import { useDisplayPrice } from '../currency';
import { draftTier, maxPoolsFor, poolFlavors, poolMonthlyCost } from './draft';
import type { DraftPool } from './draft';
import type { DraftForm, StepProps } from './draft-form';
import { SoftBadge } from './soft-badge';

const CATEGORY_LABELS: Record<string, string> = {
  general: 'General purpose',
  compute: 'Compute optimised',
  memory: 'Memory optimised',
  gpu: 'GPU',
};

const TAINT_EFFECT_HELP: Record<(typeof TAINT_EFFECTS)[number], string> = {
  NoSchedule: 'NoSchedule: only pods that tolerate it',
  PreferNoSchedule: 'PreferNoSchedule: avoided when possible',
  NoExecute: 'NoExecute: also evicts pods already running',
};

export function flavorSpecs(flavor: CatalogFlavor): string {
  const parts = [`${flavor.vcpu} vCPU`, `${flavor.memoryGb} GB RAM`, `${formatInteger(flavor.localDiskGb)} GB local disk`];
  if (flavor.gpuCount > 0) parts.push(`GPU: ${flavor.gpuCount} × ${flavor.gpuModel ?? 'GPU'}${flavor.gpuMemoryGb ? ` (${flavor.gpuMemoryGb} GB)` : ''}`);
  return parts.join(' · ');
}

function flavorOptions(flavors: readonly CatalogFlavor[]) {
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const flavor of flavors) {
    const group = CATEGORY_LABELS[flavor.category] ?? flavor.category;
    groups.set(group, [...(groups.get(group) ?? []), { value: flavor.id, label: flavor.gpuCount > 0 && !/gpu/i.test(flavor.name) ? `${flavor.name} (GPU)` : flavor.name }]);
  }
  return [...groups].map(([group, items]) => ({ group, items }));
}

/**
 * A node count as typed, kept as it is so that the field, its error and the price never disagree
 * (issue 31: −3 used to show in the field while the price kept the last valid count): an empty
 * field is 0, and the step's rules say what is wrong with 0, −3 or a minimum above the maximum.
 */
function typedCount(value: string | number): number {
  const number = typeof value === 'number' ? value : Number.parseInt(value, 10);
  return Number.isFinite(number) ? Math.trunc(number) : 0;
}

/** Step 4: the node pools, from one to the tier's maximum, each with its monthly cost. */
export function PoolsStep({ form, catalog, dispatch }: StepProps) {
  const draft = form.values;
  const tier = draftTier(catalog, draft);
  if (!tier) return null;
  const maxPools = maxPoolsFor(tier);
  const nodes = nodesAtMost({ ...draft, tierId: tier.id });
  const tooMany = tier.maxNodes !== null && nodes > tier.maxNodes;
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" c="dimmed">
          {tier.name} clusters have {maxPools === 1 ? 'one node pool' : `up to ${maxPools} node pools`}
          {tier.maxNodes !== null ? ` and ${formatInteger(tier.maxNodes)} nodes` : ''}.
        </Text>
        <Text size="sm" fw={tooMany ? 700 : undefined} c={tooMany ? 'red.8' : undefined} data-testid="node-total" aria-live="polite">
          {formatInteger(nodes)} {nodes === 1 ? 'node' : 'nodes'} at most{tier.maxNodes !== null ? ` of ${formatInteger(tier.maxNodes)} allowed` : ''}
          {tooMany ? ': too many for this tier' : ''}
        </Text>
      </Group>
      {form.errors.pools ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-path="pools" data-testid="pools-error">
          {form.errors.pools}
        </Alert>
      ) : null}
      {draft.pools.map((pool, index) => (
        <PoolEditor
          key={index}
          form={form}
          catalog={catalog}
          pool={pool}
          index={index}
          flavors={poolFlavors(catalog, draft)}
          canRemove={draft.pools.length > 1}
          onChange={(changes) => dispatch({ type: 'updatePool', index, changes })}
          onRemove={() => {
            dispatch({ type: 'removePool', index });
            form.clearErrors();
          }}
        />
      ))}
      <Group gap="sm">
        <Button
          variant="default"
          leftSection={<IconPlus size={16} />}
          disabled={draft.pools.length >= maxPools}
          onClick={() => dispatch({ type: 'addPool' })}
          data-testid="add-pool"
        >
          Add node pool
        </Button>
        {draft.pools.length >= maxPools ? (
          <Text size="sm" c="dimmed">
            {tier.name} clusters have at most {maxPools} node {maxPools === 1 ? 'pool' : 'pools'}.
          </Text>
        ) : null}
      </Group>
    </Stack>
  );
}

interface PoolEditorProps {
  form: DraftForm;
  catalog: Catalog;
  pool: DraftPool;
  index: number;
  flavors: readonly CatalogFlavor[];
  canRemove: boolean;
  onChange: (changes: Partial<DraftPool>) => void;
  onRemove: () => void;
}

function PoolEditor({ form, catalog, pool, index, flavors, canRemove, onChange, onRemove }: PoolEditorProps) {
  const path = `pools.${index}` as const;
  const number = index + 1;
  const titleId = `pool-${number}-title`;
  const flavor = catalog.flavors.find((candidate) => candidate.id === pool.flavorId);
  const autoscale = pool.autoscale;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={titleId} data-testid="pool">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2}>
            <Title order={3} size="h5" id={titleId}>
              Node pool {number}
              {pool.name.trim() ? `: ${pool.name.trim()}` : ''}
            </Title>
            <PoolCost catalog={catalog} pool={pool} />
          </Stack>
          {canRemove ? (
            <Tooltip label={`Remove node pool ${number}`}>
              <ActionIcon variant="subtle" color="red" aria-label={`Remove node pool ${number}`} onClick={onRemove}>
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          ) : null}
        </Group>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Pool name"
            description="Lower-case letters, digits and hyphens."
            maxLength={40}
            autoComplete="off"
            {...form.getInputProps(`${path}.name`)}
          />
          <Select
            label="Node flavour"
            description={flavor ? flavorSpecs(flavor) : undefined}
            data={flavorOptions(flavors)}
            value={pool.flavorId}
            allowDeselect={false}
            onChange={(value) => value && onChange({ flavorId: value })}
            error={form.errors[`${path}.flavorId`]}
            data-path={`${path}.flavorId`}
            data-testid="pool-flavor"
          />
        </SimpleGrid>
        {flavor && flavor.gpuCount > 0 ? (
          <Group gap="xs">
            <SoftBadge color="violet">
              GPU
            </SoftBadge>
            <Text size="xs" c="dimmed">
              Add the NVIDIA GPU Operator add-on to schedule GPU workloads on this pool.
            </Text>
          </Group>
        ) : null}

        <Group gap="sm" align="flex-end" wrap="wrap">
          {autoscale ? (
            <>
              <CountField form={form} field={`${path}.autoscale.min`} label="Minimum nodes" value={autoscale.min} onCount={(min) => onChange({ count: min, autoscale: { min, max: autoscale.max } })} />
              <CountField form={form} field={`${path}.autoscale.max`} label="Maximum nodes" value={autoscale.max} onCount={(max) => onChange({ autoscale: { min: autoscale.min, max } })} />
            </>
          ) : (
            <CountField form={form} field={`${path}.count`} label="Nodes" value={pool.count} onCount={(count) => onChange({ count })} />
          )}
          <Switch
            label="Autoscale"
            mb={8}
            checked={autoscale !== null}
            onChange={(event) =>
              onChange(event.currentTarget.checked ? { autoscale: { min: pool.count, max: pool.count + 2 } } : { autoscale: null, count: autoscale ? autoscale.min : pool.count })
            }
          />
        </Group>
        {autoscale ? (
          <Text size="xs" c="dimmed">
            The cluster autoscaler adds nodes up to the maximum when pods cannot be scheduled and removes idle ones down to the minimum. You pay for the
            nodes that run.
          </Text>
        ) : null}

        <PoolRows
          form={form}
          index={index}
          pool={pool}
          list="labels"
          renderRow={(row) => (
            <>
              <TextInput label="Key" placeholder="e.g. workload" style={{ flexGrow: 1 }} autoComplete="off" {...form.getInputProps(`${row}.key`)} />
              <TextInput label="Value" placeholder="e.g. batch" style={{ flexGrow: 1 }} autoComplete="off" {...form.getInputProps(`${row}.value`)} />
            </>
          )}
        />
        <PoolRows
          form={form}
          index={index}
          pool={pool}
          list="taints"
          renderRow={(row) => (
            <>
              <TextInput label="Key" placeholder="e.g. dedicated" style={{ flex: '1 1 140px' }} autoComplete="off" {...form.getInputProps(`${row}.key`)} />
              <TextInput label="Value" placeholder="e.g. gpu" style={{ flex: '1 1 120px' }} autoComplete="off" {...form.getInputProps(`${row}.value`)} />
              <Select
                label="Effect"
                style={{ flex: '1 1 200px' }}
                data={TAINT_EFFECTS.map((effect) => ({ value: effect, label: TAINT_EFFECT_HELP[effect] }))}
                allowDeselect={false}
                {...form.getInputProps(`${row}.effect`)}
              />
            </>
          )}
        />
      </Stack>
    </Card>
  );
}

/** A node count of the pool, checked when the field is left. */
function CountField({ form, field, label, value, onCount }: { form: DraftForm; field: `pools.${number}.${string}`; label: string; value: number; onCount: (count: number) => void }) {
  return (
    <NumberInput
      label={label}
      w={140}
      value={value}
      allowDecimal={false}
      clampBehavior="none"
      error={form.errors[field]}
      data-path={field}
      onBlur={() => form.validateField(field)}
      onChange={(typed) => onCount(typedCount(typed))}
    />
  );
}

/** The pool's monthly cost, in the display currency, whatever the billing cycle. */
function PoolCost({ catalog, pool }: { catalog: Catalog; pool: DraftPool }) {
  const { format, ready } = useDisplayPrice();
  const cost = poolMonthlyCost(catalog, pool);
  if (!cost || !ready) return null;
  return (
    <Text size="sm" c="dimmed" data-testid="pool-monthly-cost">
      <Text span fw={700} c="var(--mantine-color-text)" inherit>
        {cost.maxCents === null ? format(cost.cents) : `${format(cost.cents)} to ${format(cost.maxCents)}`}
      </Text>{' '}
      a month{cost.maxCents !== null ? ' (at the minimum and maximum nodes)' : ''}
    </Text>
  );
}

/** What tells a pool's labels from its taints, apart from their fields. */
const POOL_ROWS = {
  labels: {
    title: 'Kubernetes labels',
    description: 'Set on every node of the pool, to place workloads with a node selector or affinity.',
    noun: 'label',
    addLabel: 'Add label',
    rowWrap: 'nowrap',
    newRow: { key: '', value: '' },
  },
  taints: {
    title: 'Taints',
    description: 'Keep pods off this pool unless they tolerate the taint, e.g. to reserve GPU nodes.',
    noun: 'taint',
    addLabel: 'Add taint',
    rowWrap: 'wrap',
    newRow: { key: '', value: '', effect: 'NoSchedule' },
  },
} as const;

/** A pool's labels or taints: rows of the form's list at pools.<index>.<list>, each removable. */
function PoolRows({ form, index, pool, list, renderRow }: { form: DraftForm; index: number; pool: DraftPool; list: keyof typeof POOL_ROWS; renderRow: (path: string) => ReactNode }) {
  const path = `pools.${index}.${list}` as const;
  const { title, description, noun, addLabel, rowWrap, newRow } = POOL_ROWS[list];
  return (
    <RowList
      id={`pool-${index + 1}-${list}`}
      title={title}
      description={description}
      rows={pool[list]}
      renderRow={(_, row) => renderRow(`${path}.${row}`)}
      rowAlign="flex-start"
      rowWrap={rowWrap}
      removeLabel={(row) => `Remove ${noun} ${row + 1} of node pool ${index + 1}`}
      removeIcon={<IconTrash size={16} />}
      removeProps={{ color: 'gray', mt: 26 }}
      onRemove={(row) => {
        form.removeListItem(path, row);
        form.clearErrors();
      }}
      addLabel={addLabel}
      addSize="compact-sm"
      onAdd={() => form.insertListItem(path, newRow)}
    />
  );
}
