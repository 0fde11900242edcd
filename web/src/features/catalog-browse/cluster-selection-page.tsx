import { Badge, Button, Card, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { advertisedPriceIncludes, advertisedPrices, priceForCycle } from '@kubemarket/shared';
import { IconCheck, IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { PageLayout } from '../../components/page-header';
import { AnchorLink } from '../../components/router-links';
import { formatInteger } from '../../lib/format';
import { PriceSettingsCard, useDisplayPrice } from '../currency';
import { usePreferences } from '../preferences';
import { CatalogError, HA_LABELS, slaLabel, useCatalog } from '../catalog';
import type { Catalog, CatalogTier } from '../catalog';
import { configureClusterHref, HrefButton } from './href-button';

interface ClusterSelectionPageProps {
  /** The tier chosen, from the address. */
  selectedTierId: string | undefined;
  onSelect: (tierId: string) => void;
}

interface Row {
  label: string;
  value: (tier: CatalogTier, catalog: Catalog) => ReactNode;
}

function nodeCount(count: number | null, unit: string): string {
  if (count === null) return 'No limit';
  return `${formatInteger(count)} ${count === 1 ? unit : `${unit}s`}`;
}

const ROWS: readonly Row[] = [
  { label: 'Built for', value: (tier) => tier.purpose || tier.description },
  {
    // The price row above is this cluster's price: the nodes are in it.
    label: 'Nodes included',
    value: (tier) => `${nodeCount(tier.nodes, 'node')} of ${tier.vcpu} vCPU, ${tier.memoryGb} GB RAM, ${formatInteger(tier.storageGb)} GB storage`,
  },
  { label: 'Control-plane SLA', value: (tier) => slaLabel(tier.slaBasisPoints) },
  {
    label: 'High-availability control plane',
    value: (tier) => (tier.haControlPlane === 'optional' && tier.haMonthlyPriceCents !== null ? 'Optional, priced separately' : HA_LABELS[tier.haControlPlane]),
  },
  { label: 'Most nodes', value: (tier) => nodeCount(tier.maxNodes, 'node') },
  { label: 'Most node pools', value: (tier) => nodeCount(tier.maxPools, 'pool') },
  {
    label: 'Node flavours',
    value: (tier, catalog) => {
      const gpus = catalog.flavors.filter((flavor) => tier.flavorIds.includes(flavor.id) && flavor.gpuCount > 0).length;
      return `${tier.flavorIds.length} flavours${gpus > 0 ? `, ${gpus} with GPUs` : ''}`;
    },
  },
  {
    label: 'Regions',
    value: (tier, catalog) =>
      catalog.regions
        .filter((region) => tier.regionIds.includes(region.id))
        .map((region) => region.city)
        .join(', ') || 'None yet',
  },
];

/** The tiers side by side, to choose one and continue into configuration. */
export function ClusterSelectionPage({ selectedTierId, onSelect }: ClusterSelectionPageProps) {
  const catalogQuery = useCatalog();
  const { catalog, error } = catalogQuery;
  const selected = catalog?.tiers.find((tier) => tier.id === selectedTierId) ?? null;

  return (
    <PageLayout
      title="Choose a cluster tier"
      description="Every tier comes with a managed control plane and EU-only hosting. Compare what each includes and its limits, choose one, and continue to configure its regions, node pools and add-ons."
    >
      <PriceSettingsCard />

      {error ? (
        <CatalogError query={catalogQuery} title="The cluster tiers could not be loaded" />
      ) : !catalog ? (
        <Skeleton height={480} radius="md" aria-label="Loading the cluster tiers" />
      ) : (
        <Table.ScrollContainer minWidth={catalog.tiers.length * 150 + 160} type="native">
          <Table withTableBorder withColumnBorders verticalSpacing="sm" highlightOnHover={false} data-testid="tier-comparison">
            <Table.Caption>The cluster tiers side by side; prices exclude VAT.</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Td />
                {catalog.tiers.map((tier) => (
                  <Table.Th
                    key={tier.id}
                    scope="col"
                    data-testid="tier-column"
                    data-tier={tier.id}
                    bg={tier.id === selected?.id ? 'var(--mantine-primary-color-light)' : undefined}
                    style={{ verticalAlign: 'top' }}
                  >
                    <Stack gap={6}>
                      <Text fw={700}>{tier.name}</Text>
                      <Button
                        size="xs"
                        variant={tier.id === selected?.id ? 'filled' : 'default'}
                        aria-pressed={tier.id === selected?.id}
                        leftSection={tier.id === selected?.id ? <IconCheck size={14} /> : null}
                        onClick={() => onSelect(tier.id)}
                        data-testid="choose-tier"
                        aria-label={`Choose ${tier.name}`}
                      >
                        {tier.id === selected?.id ? 'Chosen' : 'Choose'}
                      </Button>
                      <AnchorLink to="/cluster-topology" search={{ tier: tier.id }} size="xs" aria-label={`View architecture of ${tier.name}`}>
                        View architecture
                      </AnchorLink>
                    </Stack>
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th scope="row">Price</Table.Th>
                {catalog.tiers.map((tier) => (
                  <Table.Td key={tier.id} style={{ verticalAlign: 'top' }}>
                    <TierCellPrice tier={tier} />
                  </Table.Td>
                ))}
              </Table.Tr>
              {ROWS.map((row) => (
                <Table.Tr key={row.label}>
                  <Table.Th scope="row">{row.label}</Table.Th>
                  {catalog.tiers.map((tier) => (
                    <Table.Td key={tier.id} style={{ verticalAlign: 'top' }}>
                      <Text size="sm">{row.value(tier, catalog)}</Text>
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      <Card withBorder radius="md" padding="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Text aria-live="polite" data-testid="tier-choice">
            {selected ? (
              <>
                You chose{' '}
                <Text span fw={700} inherit>
                  {selected.name}
                </Text>
                .
              </>
            ) : (
              'Choose a tier to continue.'
            )}
          </Text>
          {selected ? (
            <HrefButton href={configureClusterHref({ tier: selected.id })} rightSection={<IconChevronRight size={16} />} testId="continue-with-tier">
              Continue with {selected.name}
            </HrefButton>
          ) : (
            <Button disabled rightSection={<IconChevronRight size={16} />}>
              Continue
            </Button>
          )}
        </Group>
      </Card>
    </PageLayout>
  );
}

/** A tier's price for the chosen cycle, compact enough for a comparison column, with the yearly saving. */
function TierCellPrice({ tier }: { tier: CatalogTier }) {
  const { billingCycle } = usePreferences();
  const { format, ready } = useDisplayPrice();
  if (!ready) return <Skeleton height={24} width="80%" aria-label="Loading price" />;
  const advertised = advertisedPrices(tier);
  const price = priceForCycle(advertised, billingCycle);
  const yearlySaving = priceForCycle(advertised, 'yearly').discountPercent;
  return (
    <Stack gap={4}>
      <Text size="lg" fw={800} lh={1.2} data-testid="tier-price">
        {format(price.periodCents)}
      </Text>
      <Text size="xs" data-testid="tier-price-includes">
        {advertisedPriceIncludes(advertised)}
      </Text>
      <Text size="xs" c="dimmed">
        {billingCycle === 'monthly' ? 'per month' : `per year (${format(price.perMonthCents)} a month)`}
      </Text>
      {billingCycle === 'yearly' ? (
        price.discountPercent > 0 ? (
          <Badge size="sm" color="teal" variant="light" w="fit-content">
            Save {price.discountPercent}%
          </Badge>
        ) : (
          <Text size="xs" c="dimmed">
            No yearly discount
          </Text>
        )
      ) : yearlySaving > 0 ? (
        <Text size="xs" c="dimmed">
          Save {yearlySaving}% billed yearly
        </Text>
      ) : null}
    </Stack>
  );
}
