import { Alert, Badge, Card, Grid, Group, Select, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { PageLayout } from '../../components/page-header';
import { AnchorLink } from '../../components/router-links';
import { formatInteger } from '../../lib/format';
import { CatalogError, ItemPrice, slaLabel, useCatalog } from '../catalog';
import type { Catalog, CatalogRegion, CatalogTier } from '../catalog';
import { referenceTopology, typicalFlavor } from './topology-model';
import type { TopologyModel } from './topology-model';
import { TopologyView } from './topology-view';

export interface ClusterTopologySearch {
  tier?: string;
  region?: string;
  /** The optional HA control plane, for tiers that offer it. */
  ha?: boolean;
}

interface ClusterTopologyPageProps {
  search: ClusterTopologySearch;
  onSearchChange: (next: ClusterTopologySearch) => void;
}

/** Regions a tier can be placed in today (planned sites sell nothing yet). */
function regionsOf(catalog: Catalog, tier: CatalogTier): CatalogRegion[] {
  return catalog.regions.filter((region) => tier.regionIds.includes(region.id) && region.status !== 'planned');
}

/** The reference architecture of a chosen tier in one of its regions, drawn and explained. */
export function ClusterTopologyPage({ search, onSearchChange }: ClusterTopologyPageProps) {
  const catalogQuery = useCatalog();
  const { catalog, error } = catalogQuery;
  const highAvailability = search.ha === true;
  // The tier asked for (else the first on sale) and one of its regions (else its first).
  const { tier, regions, region, model } = useMemo(() => {
    const tier = catalog?.tiers.find((candidate) => candidate.id === search.tier) ?? catalog?.tiers[0];
    const regions = catalog && tier ? regionsOf(catalog, tier) : [];
    const region = regions.find((candidate) => candidate.id === search.region) ?? regions[0];
    const model =
      catalog && tier && region
        ? referenceTopology(tier, region, { highAvailability, flavors: catalog.flavors, kubernetesVersions: catalog.kubernetesVersions })
        : null;
    return { tier, regions, region, model };
  }, [catalog, search.tier, search.region, highAvailability]);

  return (
    <PageLayout
      title="Cluster topology"
      description="The reference architecture of each cluster tier: where the control plane runs, how the worker nodes spread over the availability zones of a region, and how traffic reaches them. Choose a tier and a region to see what you would get."
      maw={820}
    >
      {error ? (
        <CatalogError query={catalogQuery} />
      ) : !catalog ? (
        <Stack gap="lg" aria-busy="true">
          <Skeleton height={84} radius="md" aria-label="Loading the cluster tiers" />
          <Skeleton height={620} radius="md" aria-label="Loading the diagram" />
        </Stack>
      ) : !tier ? (
        <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />} title="No cluster tier is on sale">
          There is no architecture to show until the catalogue offers a cluster tier.
        </Alert>
      ) : (
        <>
          <Card withBorder radius="md" padding="md" component="section" aria-label="Tier and region">
            <Group gap="lg" align="flex-end" wrap="wrap">
              <Select
                label="Cluster tier"
                data={catalog.tiers.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
                value={tier.id}
                allowDeselect={false}
                onChange={(value) => value && onSearchChange({ tier: value })}
                w={240}
                data-testid="topology-tier"
              />
              <Select
                label="Region"
                data={regions.map((candidate) => ({ value: candidate.id, label: `${candidate.name} (${candidate.id})` }))}
                value={region?.id ?? null}
                allowDeselect={false}
                disabled={regions.length === 0}
                onChange={(value) => value && onSearchChange({ ...search, tier: tier.id, region: value })}
                w={260}
                data-testid="topology-region"
              />
              <HaControl tier={tier} checked={highAvailability} onChange={(ha) => onSearchChange({ ...search, tier: tier.id, ha: ha || undefined })} />
            </Group>
          </Card>

          {!region || !model ? (
            <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />} title="Not offered in any region yet" data-testid="topology-no-region">
              {tier.name} clusters cannot be placed in any region at the moment, so there is no architecture to draw.
            </Alert>
          ) : (
            <Grid gap="lg">
              <Grid.Col span={{ base: 12, lg: 8 }}>
                <TopologyView model={model} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, lg: 4 }}>
                <PartsPanel tier={tier} region={region} model={model} catalog={catalog} />
              </Grid.Col>
            </Grid>
          )}
        </>
      )}
    </PageLayout>
  );
}

function HaControl({ tier, checked, onChange }: { tier: CatalogTier; checked: boolean; onChange: (checked: boolean) => void }) {
  if (tier.haControlPlane === 'optional' && tier.haMonthlyPriceCents !== null) {
    return (
      <Stack gap={4}>
        <Switch
          label="High-availability control plane"
          checked={checked}
          onChange={(event) => onChange(event.currentTarget.checked)}
          data-testid="topology-ha"
        />
        <Group gap={6} wrap="nowrap">
          <Text size="xs" c="dimmed">
            Three replicas across zones, for
          </Text>
          <ItemPrice monthlyCents={tier.haMonthlyPriceCents} yearlyCents={tier.haYearlyPriceCents} size="xs" />
        </Group>
      </Stack>
    );
  }
  return (
    <Badge size="lg" variant="light" color={tier.haControlPlane === 'included' ? 'teal' : 'gray'} data-testid="topology-ha-mode">
      {tier.haControlPlane === 'included' ? 'High-availability control plane included' : 'Single control-plane replica'}
    </Badge>
  );
}

interface PartsPanelProps {
  tier: CatalogTier;
  region: CatalogRegion;
  model: TopologyModel;
  catalog: Catalog;
}

/** What each part of the diagram is and why it is there. */
function PartsPanel({ tier, region, model, catalog }: PartsPanelProps) {
  const flavor = typicalFlavor(tier, catalog.flavors);
  const { controlPlane, network } = model;
  const zoneCount = model.zones.length;

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="topology-parts-title" data-testid="topology-parts">
      <Stack gap="md">
        <Title order={2} size="h4" id="topology-parts-title">
          The parts of the architecture
        </Title>

        <Part title="Control plane">
          {controlPlane.highAvailability
            ? `Three replicas of the API server, etcd, the scheduler and the controllers, ${zoneCount < 3 ? `spread over the ${zoneCount === 1 ? 'single zone' : `${zoneCount} zones`} of this region` : 'one per zone'}: the Kubernetes API stays up when a replica fails, and etcd keeps a quorum.`
            : 'A single replica of the API server, etcd, the scheduler and the controllers. Your workloads keep running if it restarts, but the Kubernetes API pauses meanwhile.'}{' '}
          {tier.haControlPlane === 'optional' && !controlPlane.highAvailability ? 'This tier offers a highly available control plane as an option. ' : null}
          Availability promised: {controlPlane.slaBasisPoints === null ? 'no SLA' : `${slaLabel(controlPlane.slaBasisPoints)} a month`}
          {controlPlane.kubernetesVersion ? `; new clusters run Kubernetes ${controlPlane.kubernetesVersion}.` : '.'}
        </Part>

        <Part title="Availability zones">
          {region.name} in {region.city}, {region.country}, has {zoneCount} {zoneCount === 1 ? 'zone' : 'zones'}: separate buildings with their own power and
          cooling. The worker nodes spread over them, so losing a zone takes only part of the capacity.
        </Part>

        <Part title="Node pools">
          The tier&apos;s baseline is {formatInteger(tier.nodes)} {tier.nodes === 1 ? 'node' : 'nodes'} of {flavor?.name ?? `${tier.vcpu} vCPU, ${tier.memoryGb} GB`}. A
          cluster can have {tier.maxPools === null ? 'any number of node pools' : `up to ${formatInteger(tier.maxPools)} ${tier.maxPools === 1 ? 'node pool' : 'node pools'}`}
          {tier.maxNodes === null ? '' : ` and ${formatInteger(tier.maxNodes)} ${tier.maxNodes === 1 ? 'node' : 'nodes'} in all`}, with any of the tier&apos;s{' '}
          {tier.flavorIds.length} flavours.
        </Part>

        <Part title="Load balancer">
          A public load balancer with its own IP address receives your users&apos; requests and spreads them over the ingress controller on the nodes of
          every zone. The Kubernetes API has its own endpoint, which your team reaches with kubectl.
        </Part>

        <Part title="Networks">
          Nodes get their addresses from the private network {network.vpcCidr}, one subnet per zone ({model.zones.map((zone) => zone.subnetCidr).join(', ')}).
          Pods use {network.podCidr} and services {network.serviceCidr}, reachable only inside the cluster.
        </Part>

        <Stack gap={6}>
          <Title order={3} size="h6">
            Security and compliance
          </Title>
          <Group gap={6} data-testid="topology-badges">
            {model.badges.map((badge) => (
              <Badge key={badge.label} variant="light" color={badge.kind === 'security' ? 'teal' : 'blue'} radius="sm">
                {badge.label}
              </Badge>
            ))}
          </Group>
        </Stack>

        <Group gap="md">
          <AnchorLink to="/cluster-selection" search={{ tier: tier.id }} size="sm">
            Compare the tiers
          </AnchorLink>
          <AnchorLink to="/price-estimator" size="sm">
            Estimate a price
          </AnchorLink>
        </Group>
      </Stack>
    </Card>
  );
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={4}>
      <Title order={3} size="h6">
        {title}
      </Title>
      <Text size="sm">{children}</Text>
    </Stack>
  );
}
