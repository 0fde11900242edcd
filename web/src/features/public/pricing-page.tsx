import { Badge, Card, Divider, Group, List, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { clusterTypeFromTierName, yearlyDiscountPercent } from '@kubemarket/shared';
import { IconCheck } from '@tabler/icons-react';
import { useClusterTiers } from '../catalog';
import type { ClusterTier } from '../catalog';
import { BillingCycleSwitch, CurrencyControl } from '../preferences';
import { RatesNotice, TierPrice } from '../pricing';
import { AnchorLink, ButtonLink } from '../../components/router-links';
import { formatInteger } from '../../lib/format';
import { QueryErrorAlert } from '../../components/query-error-alert';
import { OrderTierButton } from './order-tier-button';
import { PageSection, PublicPage } from './public-page';

const INCLUDED_EVERYWHERE = [
  'Managed control plane: upgrades, etcd backups and certificates handled by our engineers',
  'Hosting exclusively in EU data centres, operated by an EU company',
  'GDPR data processing agreement signed with your organisation',
  'Encrypted block storage and private networking between nodes',
  'Console, REST API and API tokens for automation',
  'Ingress, cert-manager and metrics-server add-ons at no extra cost',
];

const BILLING_FACTS = [
  { title: 'Invoiced in euros', text: 'Other currencies are shown for information at the current exchange rate. Your invoice and payment are always in EUR.' },
  { title: 'Prices exclude VAT', text: 'VAT is added at the rate of your country, or reverse-charged for businesses with a valid EU VAT number.' },
  { title: 'Monthly or yearly', text: 'Monthly plans can be cancelled at the end of any month. Yearly plans are paid upfront with the discount shown.' },
  { title: 'No egress surprises', text: 'Each cluster includes 5 TB of outbound traffic per month; inbound and intra-region traffic are free.' },
];

export function PricingPage() {
  const tiers = useClusterTiers();
  const maxDiscount = Math.max(0, ...(tiers.data ?? []).map((tier) => yearlyDiscountPercent(tier.monthlyPriceCents, tier.yearlyPriceCents)));

  return (
    <PublicPage
      eyebrow="Pricing"
      title="Simple pricing for sovereign Kubernetes"
      description="Every tier includes a managed control plane, EU-only hosting and support from engineers who run Kubernetes every day. Pick a currency to read prices in, choose monthly or yearly billing, and order when you are ready."
    >
      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          <Group justify="space-between" gap="md" wrap="wrap">
            <CurrencyControl />
            <BillingCycleSwitch maxDiscountPercent={maxDiscount} />
          </Group>
          <RatesNotice />
        </Stack>
      </Card>

      {tiers.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" aria-busy="true" aria-label="Loading prices">
          {Array.from({ length: 6 }, (_, index) => (
            <Card key={index} withBorder padding="lg">
              <Stack gap="sm">
                <Skeleton height={22} width="60%" />
                <Skeleton height={12} />
                <Skeleton height={36} width="50%" mt="sm" />
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      ) : tiers.error ? (
        <QueryErrorAlert title="Prices could not be loaded" error={tiers.error} retrying={tiers.isFetching} onRetry={() => void tiers.refetch()} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          {tiers.data.map((tier) => (
            <PricingCard key={tier.id} tier={tier} />
          ))}
        </SimpleGrid>
      )}

      <PageSection id="included" title="Included in every tier">
        <List
          spacing="xs"
          icon={
            <ThemeIcon size={20} radius="xl" color="teal" variant="light">
              <IconCheck size={12} stroke={2.6} />
            </ThemeIcon>
          }
        >
          {INCLUDED_EVERYWHERE.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
      </PageSection>

      <PageSection id="billing" title="How billing works">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {BILLING_FACTS.map((fact) => (
            <Stack key={fact.title} gap={4}>
              <Text fw={600}>{fact.title}</Text>
              <Text size="sm" c="dimmed">
                {fact.text}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      </PageSection>

      <Card withBorder radius="md" padding="xl">
        <Group justify="space-between" gap="lg" wrap="wrap">
          <Stack gap={4} maw={620}>
            <Title order={2} size="h3">
              Need more than a standard tier?
            </Title>
            <Text c="dimmed">
              Fleets of clusters, dedicated hardware, private interconnects or a migration from another cloud: our
              solution architects prepare a quote within two working days.
            </Text>
          </Stack>
          <Group gap="sm">
            <ButtonLink to="/custom-quote">Request a custom quote</ButtonLink>
            <ButtonLink to="/contact-sales" variant="default">
              Talk to sales
            </ButtonLink>
          </Group>
        </Group>
      </Card>
    </PublicPage>
  );
}

function PricingCard({ tier }: { tier: ClusterTier }) {
  const type = clusterTypeFromTierName(tier.name);
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-labelledby={`pricing-${tier.id}`} data-testid="pricing-tier">
      <Stack gap="md" h="100%">
        <Stack gap={4}>
          <Title order={3} size="h4" id={`pricing-${tier.id}`}>
            {tier.name}
          </Title>
          <Text size="sm" c="dimmed">
            {tier.description}
          </Text>
        </Stack>
        <TierPrice tier={tier} />
        <Divider />
        <Group gap={6}>
          <Badge variant="default" radius="sm">
            {formatInteger(tier.nodes)} {tier.nodes === 1 ? 'node' : 'nodes'}
          </Badge>
          <Badge variant="default" radius="sm">
            {formatInteger(tier.vcpu)} vCPU / node
          </Badge>
          <Badge variant="default" radius="sm">
            {formatInteger(tier.memoryGb)} GB RAM / node
          </Badge>
          <Badge variant="default" radius="sm">
            {formatInteger(tier.storageGb)} GB disk / node
          </Badge>
        </Group>
        <Group gap="sm" mt="auto">
          <OrderTierButton tierId={tier.id}>Order</OrderTierButton>
          <AnchorLink to="/cluster-types/$type" params={{ type }} size="sm">
            Details
          </AnchorLink>
        </Group>
      </Stack>
    </Card>
  );
}
