import { Alert, Badge, Card, Container, Grid, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { clusterTypeFromTierName } from '@kubemarket/shared';
import type { ClusterType } from '@kubemarket/shared';
import { IconInfoCircle } from '@tabler/icons-react';
import { useCatalog } from '../catalog';
import type { Catalog, CatalogTier } from '../catalog';
import { BillingCycleControl, CurrencyControl } from '../preferences';
import { RatesNotice, TierPrice } from '../currency';
import { AnchorLink, ButtonLink } from '../../components/router-links';
import { formatInteger } from '../../lib/format';
import { CheckList } from '../../components/check-list';
import { DetailsList } from '../../components/details-list';
import { QueryErrorAlert } from '../../components/query-error-alert';
import { PriorityImage } from '../../components/priority-image';
import { CLUSTER_TYPE_IMAGE, ClusterTypeGallery } from './cluster-type-gallery';
import { CLUSTER_TYPE_CONTENT } from './cluster-type-content';
import { OrderTierButton } from './order-tier-button';
import { PageHeading, TextCard } from './public-page';
import { tierFacts } from './tier-facts';

/** The cluster-type detail page of docs/product/screens.md#cluster-types, shared by /cluster-types/{type} and its aliases. */
export function ClusterTypePage({ type }: { type: ClusterType }) {
  const content = CLUSTER_TYPE_CONTENT[type];
  const catalogQuery = useCatalog();
  const tier = catalogQuery.catalog?.tiers.find((candidate) => clusterTypeFromTierName(candidate.name) === type);

  return (
    <Container size="lg" py={{ base: 40, sm: 64 }}>
      <Stack gap={48}>
        <Grid gap={{ base: 'xl', md: 48 }}>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="md">
              <Badge color={content.color} variant="light" radius="sm" size="lg" w="fit-content">
                {content.label}
              </Badge>
              <PageHeading title={content.headline} lead={content.summary} />
              <PriorityImage
                src={CLUSTER_TYPE_IMAGE.src(type)}
                alt={`Illustration of a ${content.label} cluster`}
                width={CLUSTER_TYPE_IMAGE.width}
                height={CLUSTER_TYPE_IMAGE.height}
                priority="high"
                lcp
                style={{ maxWidth: 360 }}
              />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <TierOffer catalogQuery={catalogQuery} tier={tier} color={content.color} />
          </Grid.Col>
        </Grid>

        <Stack component="section" gap="md" aria-labelledby="use-cases-title">
          <Title order={2} id="use-cases-title">
            What teams run on it
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
            {content.useCases.map((useCase) => (
              <TextCard key={useCase.title} title={useCase.title} text={useCase.description} />
            ))}
          </SimpleGrid>
        </Stack>

        <Stack component="section" gap="md" aria-labelledby="included-title">
          <Title order={2} id="included-title">
            What is included
          </Title>
          <CheckList items={content.included} size="sm" color={content.color} />
          <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />}>
            {content.notFor}
          </Alert>
        </Stack>

        <Stack gap="sm">
          <ClusterTypeGallery title="Other cluster types" exclude={type} />
          <AnchorLink to="/pricing">Compare all prices</AnchorLink>
        </Stack>
      </Stack>
    </Container>
  );
}

interface TierOfferProps {
  catalogQuery: ReturnType<typeof useCatalog>;
  tier: CatalogTier | undefined;
  color: string;
}

function TierOffer({ catalogQuery, tier, color }: TierOfferProps) {
  if (catalogQuery.error) {
    return (
      <QueryErrorAlert title="This tier could not be loaded" query={catalogQuery} />
    );
  }
  if (!catalogQuery.catalog) {
    return (
      <Card withBorder radius="md" padding="lg" aria-busy="true" aria-label="Loading tier">
        <Stack gap="sm">
          <Skeleton height={22} width="50%" />
          <Skeleton height={40} width="70%" />
          <Skeleton height={80} />
        </Stack>
      </Card>
    );
  }
  if (!tier) {
    return (
      <Card withBorder radius="md" padding="lg" data-testid="tier-unavailable">
        <Stack gap="sm">
          <Text fw={600}>Not on sale right now</Text>
          <Text size="sm" c="dimmed">
            This cluster type is not in the catalogue at the moment. Our sales team can still build it for you as a
            custom offer.
          </Text>
          <ButtonLink to="/contact-sales">Contact sales</ButtonLink>
        </Stack>
      </Card>
    );
  }

  return <TierOfferCard catalog={catalogQuery.catalog} tier={tier} color={color} />;
}

function TierOfferCard({ catalog, tier, color }: { catalog: Catalog; tier: CatalogTier; color: string }) {
  return (
    <Card withBorder radius="md" padding="lg" style={{ borderTop: `4px solid var(--mantine-color-${color}-filled)` }} data-testid="cluster-type-offer">
      <Stack gap="md">
        <Text fw={700}>{tier.name}</Text>
        <TierPrice tier={tier} size="lg" />
        <Group gap="xs">
          <CurrencyControl size="xs" />
          <BillingCycleControl size="xs" />
        </Group>
        <RatesNotice />
        <DetailsList
          details={[
            { label: 'Nodes', value: `${formatInteger(tier.nodes)} ${tier.nodes === 1 ? 'node' : 'nodes'}`, testId: 'spec-nodes' },
            { label: 'vCPU per node', value: `${formatInteger(tier.vcpu)} vCPU` },
            { label: 'Memory per node', value: `${formatInteger(tier.memoryGb)} GB` },
            { label: 'Storage per node', value: `${formatInteger(tier.storageGb)} GB` },
            { label: 'Total vCPU', value: `${formatInteger(tier.vcpu * tier.nodes)} vCPU` },
            { label: 'Total memory', value: `${formatInteger(tier.memoryGb * tier.nodes)} GB` },
            ...tierFacts(catalog, tier, 'spec'),
          ]}
        />
        <OrderTierButton tierId={tier.id} size="md" fullWidth>
          Order this cluster
        </OrderTierButton>
        <Text size="xs" c="dimmed" ta="center">
          You can adjust node count, region and add-ons in the configurator before paying.
        </Text>
      </Stack>
    </Card>
  );
}
