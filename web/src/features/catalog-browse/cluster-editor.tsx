import { ActionIcon, Alert, Button, Card, Checkbox, Grid, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Switch, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconAlertCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { formatInteger } from '../../lib/format';
import { compatibleAddons, ItemPrice, slaLabel } from '../catalog';
import type { Catalog, CatalogKubernetesVersion, CatalogTier } from '../catalog';
import { ESTIMATE_LIMITS } from './estimate';
import type { EstimateCluster, EstimatePool } from './estimate';
import { addonBlockedReason, flavorsFor, newPool, nodesAtMost, normalizeCluster, regionsFor, toggleAddon } from './estimate-editing';

interface ClusterEditorProps {
  catalog: Catalog;
  cluster: EstimateCluster;
  index: number;
  onChange: (cluster: EstimateCluster) => void;
  onRemove: () => void;
  /** The engine's or server's message about this cluster, if any. */
  error: string | null;
}

function versionLabel(version: CatalogKubernetesVersion): string {
  const notes: string[] = [];
  if (version.isDefault) notes.push('default');
  if (version.classification !== 'supported') notes.push(version.classification);
  if (version.endOfSupportAt !== null && version.classification === 'deprecated') {
    notes.push(`support ends ${new Date(version.endOfSupportAt).toISOString().slice(0, 10)}`);
  }
  return notes.length > 0 ? `${version.version} (${notes.join(', ')})` : version.version;
}

function limitsLabel(tier: CatalogTier): string {
  const nodes = tier.maxNodes === null ? 'any number of nodes' : `up to ${formatInteger(tier.maxNodes)} ${tier.maxNodes === 1 ? 'node' : 'nodes'}`;
  const pools = tier.maxPools === null ? 'any number of pools' : `${formatInteger(tier.maxPools)} ${tier.maxPools === 1 ? 'pool' : 'pools'}`;
  return `${nodes} in ${pools}`;
}

/** One cluster of the estimate: tier, region, version, HA, node pools and add-ons. */
export function ClusterEditor({ catalog, cluster, index, onChange, onRemove, error }: ClusterEditorProps) {
  const tier = catalog.tiers.find((candidate) => candidate.id === cluster.tierId);
  const number = index + 1;
  const titleId = `estimate-cluster-${number}-title`;
  const update = (changes: Partial<EstimateCluster>) =>
    onChange(normalizeCluster(catalog, { ...cluster, ...changes }, changes.tierId !== undefined && changes.tierId !== cluster.tierId));
  const updatePool = (poolIndex: number, changes: Partial<EstimatePool>) =>
    update({ pools: cluster.pools.map((pool, position) => (position === poolIndex ? { ...pool, ...changes } : pool)) });

  if (!tier) {
    return (
      <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} />} title={`Cluster ${number}`}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">The tier {cluster.tierId} of this cluster is no longer on sale.</Text>
          <Button size="xs" variant="default" onClick={onRemove}>
            Remove this cluster
          </Button>
        </Stack>
      </Alert>
    );
  }

  const regions = regionsFor(catalog, tier);
  const flavors = flavorsFor(catalog, tier, cluster.regionId);
  const addons = compatibleAddons(catalog.addons, tier.id, cluster.kubernetesVersion);
  const unavailableAddons = catalog.addons.length - addons.length;
  const maxPools = Math.min(tier.maxPools ?? ESTIMATE_LIMITS.pools, ESTIMATE_LIMITS.pools);
  const nodes = nodesAtMost(cluster);

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId} data-testid="estimate-cluster">
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} size="h5" id={titleId}>
            Cluster {number}: {tier.name}
          </Title>
          <Tooltip label={`Remove cluster ${number}`}>
            <ActionIcon variant="subtle" color="red" aria-label={`Remove cluster ${number}`} onClick={onRemove}>
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>

        {error ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" data-testid="estimate-cluster-error">
            {error}
          </Alert>
        ) : null}

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            label="Tier"
            data={catalog.tiers.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
            value={cluster.tierId}
            allowDeselect={false}
            onChange={(value) => value && update({ tierId: value })}
            description={`${tier.purpose || tier.description} · ${limitsLabel(tier)} · SLA ${slaLabel(tier.slaBasisPoints)}`}
            data-testid="estimate-tier"
          />
          <Select
            label="Region"
            data={regions.map((region) => ({ value: region.id, label: `${region.name} (${region.id})` }))}
            value={cluster.regionId}
            allowDeselect={false}
            onChange={(value) => value && update({ regionId: value })}
            description={regions.find((region) => region.id === cluster.regionId)?.certifications.join(', ')}
            data-testid="estimate-region"
          />
          <Select
            label="Kubernetes version"
            data={catalog.kubernetesVersions.map((version) => ({ value: version.version, label: versionLabel(version) }))}
            value={cluster.kubernetesVersion}
            allowDeselect={false}
            onChange={(value) => value && update({ kubernetesVersion: value })}
            data-testid="estimate-version"
          />
          <Stack gap={4} justify="center">
            {tier.haControlPlane === 'optional' ? (
              <>
                <Switch
                  label="High-availability control plane"
                  checked={cluster.highAvailability}
                  onChange={(event) => update({ highAvailability: event.currentTarget.checked })}
                  data-testid="estimate-ha"
                />
                {tier.haMonthlyPriceCents !== null ? (
                  <Group gap={4}>
                    <Text size="xs" c="dimmed">
                      Three control-plane replicas across zones, for
                    </Text>
                    <ItemPrice monthlyCents={tier.haMonthlyPriceCents} yearlyCents={tier.haYearlyPriceCents} size="xs" />
                  </Group>
                ) : null}
              </>
            ) : (
              <Text size="sm">
                <Text span fw={600} inherit>
                  High-availability control plane:
                </Text>{' '}
                {tier.haControlPlane === 'included' ? 'included' : 'not available on this tier'}
              </Text>
            )}
          </Stack>
        </SimpleGrid>

        <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
          <Group justify="space-between">
            <Text component="legend" fw={600} size="sm">
              Node pools
            </Text>
            <Text
              size="xs"
              c={tier.maxNodes !== null && nodes > tier.maxNodes ? undefined : 'dimmed'}
              fw={tier.maxNodes !== null && nodes > tier.maxNodes ? 700 : undefined}
              data-testid="estimate-node-total"
            >
              {formatInteger(nodes)} {nodes === 1 ? 'node' : 'nodes'} at most
              {tier.maxNodes !== null ? ` of ${formatInteger(tier.maxNodes)} allowed` : ''}
              {tier.maxNodes !== null && nodes > tier.maxNodes ? ': too many for this tier' : ''}
            </Text>
          </Group>
          {cluster.pools.map((pool, poolIndex) => (
            <PoolEditor
              key={poolIndex}
              pool={pool}
              poolNumber={poolIndex + 1}
              flavors={flavors.map((flavor) => ({ value: flavor.id, label: flavor.name }))}
              flavorPrice={catalog.flavors.find((flavor) => flavor.id === pool.flavorId)}
              canRemove={cluster.pools.length > 1}
              onChange={(changes) => updatePool(poolIndex, changes)}
              onRemove={() => update({ pools: cluster.pools.filter((_, position) => position !== poolIndex) })}
            />
          ))}
          <Group>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconPlus size={14} />}
              disabled={cluster.pools.length >= maxPools}
              onClick={() => update({ pools: [...cluster.pools, newPool(catalog, cluster)] })}
              data-testid="estimate-add-pool"
            >
              Add node pool
            </Button>
            {cluster.pools.length >= maxPools ? (
              <Text size="xs" c="dimmed">
                {maxPools === tier.maxPools ? `${tier.name} clusters have` : 'An estimate has'} at most {maxPools} node {maxPools === 1 ? 'pool' : 'pools'} a cluster.
              </Text>
            ) : null}
          </Group>
        </Stack>

        <Checkbox.Group
          label="Add-ons"
          description={
            unavailableAddons > 0
              ? `Add-ons this tier and Kubernetes version can run; ${unavailableAddons} other ${unavailableAddons === 1 ? 'is' : 'are'} not available here.`
              : 'Add-ons this tier and Kubernetes version can run.'
          }
          value={cluster.addonIds}
          onChange={(values) => {
            const added = values.find((id) => !cluster.addonIds.includes(id));
            const removed = cluster.addonIds.find((id) => !values.includes(id));
            if (added) update({ addonIds: toggleAddon(catalog, cluster, added, true) });
            else if (removed) update({ addonIds: toggleAddon(catalog, cluster, removed, false) });
          }}
          data-testid="estimate-addons"
        >
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xs" mt="xs">
            {addons.map((addon) => {
              const blocked = addonBlockedReason(catalog, cluster, addon);
              const requires = addon.requires.map((id) => catalog.addons.find((candidate) => candidate.id === id)?.name ?? id);
              return (
                <Checkbox
                  key={addon.id}
                  value={addon.id}
                  disabled={blocked !== null}
                  label={
                    <Group gap={6} wrap="wrap">
                      <Text span size="sm" fw={500}>
                        {addon.name}
                      </Text>
                      <ItemPrice monthlyCents={addon.monthlyPriceCents} yearlyCents={addon.yearlyPriceCents} size="xs" />
                    </Group>
                  }
                  description={blocked ?? (requires.length > 0 ? `Also adds ${requires.join(' and ')}.` : undefined)}
                />
              );
            })}
          </SimpleGrid>
        </Checkbox.Group>
      </Stack>
    </Card>
  );
}

interface PoolEditorProps {
  pool: EstimatePool;
  poolNumber: number;
  flavors: { value: string; label: string }[];
  flavorPrice: { monthlyPriceCents: number; yearlyPriceCents: number | null } | undefined;
  canRemove: boolean;
  onChange: (changes: Partial<EstimatePool>) => void;
  onRemove: () => void;
}

function wholeNumber(value: string | number, fallback: number): number {
  const number = typeof value === 'number' ? value : Number.parseInt(value, 10);
  return Number.isFinite(number) && number >= 1 ? Math.min(Math.floor(number), ESTIMATE_LIMITS.nodes) : fallback;
}

/** A pool's node count: a whole number from 1 to the estimate's limit, the value kept when the field holds none. */
function NodeCountInput({ label, min, max, value, onCount }: { label: string; min: number; max: number; value: number; onCount: (count: number) => void }) {
  return <NumberInput label={label} w={130} min={min} max={max} value={value} allowDecimal={false} onChange={(typed) => onCount(wholeNumber(typed, value))} />;
}

function PoolEditor({ pool, poolNumber, flavors, flavorPrice, canRemove, onChange, onRemove }: PoolEditorProps) {
  const autoscale = pool.autoscale;
  return (
    <Paper withBorder radius="sm" p="sm" data-testid="estimate-pool" aria-label={`Node pool ${poolNumber}`} role="group">
      <Stack gap="xs">
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput label="Pool name" value={pool.name} maxLength={40} onChange={(event) => onChange({ name: event.currentTarget.value })} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 8 }}>
            <Select label="Node flavour" data={flavors} value={pool.flavorId} allowDeselect={false} onChange={(value) => value && onChange({ flavorId: value })} />
          </Grid.Col>
        </Grid>
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <Group gap="sm" align="flex-end" wrap="wrap">
            {autoscale ? (
              <>
                <NodeCountInput
                  label="Minimum nodes"
                  min={1}
                  max={autoscale.max}
                  value={autoscale.min}
                  onCount={(typed) => {
                    const min = Math.min(typed, autoscale.max);
                    onChange({ count: min, autoscale: { min, max: autoscale.max } });
                  }}
                />
                <NodeCountInput
                  label="Maximum nodes"
                  min={autoscale.min}
                  max={ESTIMATE_LIMITS.nodes}
                  value={autoscale.max}
                  onCount={(typed) => onChange({ autoscale: { min: autoscale.min, max: Math.max(typed, autoscale.min) } })}
                />
              </>
            ) : (
              <NodeCountInput label="Nodes" min={1} max={ESTIMATE_LIMITS.nodes} value={pool.count} onCount={(count) => onChange({ count })} />
            )}
            <Switch
              label="Autoscale"
              mb={8}
              checked={autoscale !== null}
              onChange={(event) =>
                onChange(
                  event.currentTarget.checked
                    ? { autoscale: { min: pool.count, max: pool.count + 2 } }
                    : { autoscale: null, count: autoscale ? autoscale.min : pool.count },
                )
              }
            />
          </Group>
          <Group gap="sm" mb={6}>
            {flavorPrice ? <ItemPrice monthlyCents={flavorPrice.monthlyPriceCents} yearlyCents={flavorPrice.yearlyPriceCents} unit="per node" size="sm" /> : null}
            {canRemove ? (
              <Button size="compact-xs" variant="subtle" color="gray" leftSection={<IconTrash size={14} />} onClick={onRemove} aria-label={`Remove node pool ${pool.name || poolNumber}`}>
                Remove pool
              </Button>
            ) : null}
          </Group>
        </Group>
        {autoscale ? (
          <Text size="xs" c="dimmed">
            Priced at the minimum of {autoscale.min} {autoscale.min === 1 ? 'node' : 'nodes'}; the estimate also shows the price at the maximum of {autoscale.max}.
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
