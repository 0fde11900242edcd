import { Alert, Badge, Card, Divider, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { StyleProp } from '@mantine/core';
import { advertisedPrices, clusterTypeFromTierName, yearlyDiscountPercent } from '@kubemarket/shared';
import { IconDiscount } from '@tabler/icons-react';
import { useDeferredValue } from 'react';
import type { ReactNode } from 'react';
import { categoryLabel, channelLabel, hoursLabel, ItemPrice, responseTimeLabel, SupportPlanPrice, useCatalog } from '../catalog';
import type { Catalog, CatalogAddon, CatalogFlavor, CatalogMiddleware, CatalogTier } from '../catalog';
import { BillingCycleSwitch, CurrencyControl, usePreferences } from '../preferences';
import { PriceSettingsCard, TierPrice, useDisplayPrice } from '../currency';
import { AnchorLink, ButtonLink } from '../../components/router-links';
import { CheckList } from '../../components/check-list';
import { DetailsList } from '../../components/details-list';
import { DataTable } from '../../components/list-kit';
import type { Column } from '../../components/list-kit';
import { formatInteger } from '../../lib/format';
import { formatDateTime } from '../../lib/date-format';
import { QueryErrorAlert } from '../../components/query-error-alert';
import { PriorityImage } from '../../components/priority-image';
import { WhenInView } from '../../components/when-in-view';
import { CLUSTER_TYPE_IMAGE } from './cluster-type-gallery';
import { OrderTierButton } from './order-tier-button';
import { FactGrid, PageSection, PublicPage } from './public-page';
import { tierFacts } from './tier-facts';

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
  const { catalog: loadedCatalog, featuredPromotion, error, isFetching, refetch } = useCatalog();
  // The catalogue's arrival renders every tier, table and plan at once: about 300 ms of main thread
  // under Lighthouse's 4x CPU slowdown, in one task since query results render synchronously.
  // Deferred, React renders it in slices that let the browser answer input in between.
  const catalog = useDeferredValue(loadedCatalog);
  const maxDiscount = Math.max(0, ...(catalog?.tiers ?? []).map((tier) => {
    const advertised = advertisedPrices(tier);
    return yearlyDiscountPercent(advertised.monthlyPriceCents, advertised.yearlyPriceCents);
  }));

  return (
    <PublicPage
      eyebrow="Pricing"
      title="Simple pricing for sovereign Kubernetes"
      description="Every tier includes a managed control plane, EU-only hosting and support from engineers who run Kubernetes every day. Pick a currency to read prices in, choose monthly or yearly billing, and order when you are ready."
    >
      <PriceSettingsCard spacious>
        <CurrencyControl />
        <BillingCycleSwitch maxDiscountPercent={maxDiscount} />
      </PriceSettingsCard>

      {featuredPromotion ? <PromotionNote promotion={featuredPromotion} /> : null}

      <PageSection id="tiers" title="Cluster tiers">
        {error ? (
          <QueryErrorAlert title="Prices could not be loaded" error={error} retrying={isFetching} onRetry={refetch} />
        ) : !catalog ? (
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
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            {catalog.tiers.map((tier) => (
              <PricingCard key={tier.id} tier={tier} catalog={catalog} />
            ))}
          </SimpleGrid>
        )}
      </PageSection>

      <PageSection id="included" title="Included in every tier">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <CheckList items={INCLUDED_EVERYWHERE} size="sm" />
          {/* Low group: it waits until the visitor scrolls past the tiers. */}
          <PriorityImage
            src="/images/eu-data-centres.svg"
            alt="Map of our European regions: Paris, Frankfurt, Amsterdam, Warsaw, Milan, Madrid and Stockholm, linked to one another"
            width={640}
            height={400}
            priority="low"
          />
        </SimpleGrid>
      </PageSection>

      {catalog ? (
        <>
          <PageSection
            id="flavors"
            title="Node flavours"
            description="Worker nodes are billed per node on top of the tier, at the price of their flavour. Each tier offers its own selection of flavours."
          >
            <BelowTheTiers height={tableHeight(catalog.flavors.length)} label="Loading the node flavours">
              <FlavorTable flavors={catalog.flavors} />
            </BelowTheTiers>
          </PageSection>

          <PageSection id="add-ons" title="Add-ons">
            <FromPrice items={catalog.addons} unit="per cluster" what="Add-ons installed and kept up to date on your clusters" testId="addons-from" />
            <BelowTheTiers height={tableHeight(catalog.addons.length)} label="Loading the add-ons">
              <AddonTable catalog={catalog} />
            </BelowTheTiers>
          </PageSection>

          <PageSection id="middlewares" title="Managed data services">
            <FromPrice
              items={catalog.middlewares.flatMap((middleware) => middleware.plans)}
              what="Databases, caches, queues and storage run for you next to your clusters"
              testId="middlewares-from"
            />
            <BelowTheTiers height={tableHeight(catalog.middlewares.length)} label="Loading the managed data services">
              <MiddlewareTable catalog={catalog} />
            </BelowTheTiers>
          </PageSection>

          <PageSection id="support" title="Support plans" description="Basic support comes with every organisation; the other plans add faster answers, more channels and round-the-clock cover.">
            <BelowTheTiers height={SUPPORT_PLANS_HEIGHT} label="Loading the support plans">
              <SupportPlans plans={catalog.supportPlans} />
            </BelowTheTiers>
          </PageSection>
        </>
      ) : null}

      <PageSection id="billing" title="How billing works">
        <FactGrid facts={BILLING_FACTS} columns={2} />
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

/**
 * The catalogue below the tiers (flavours, add-ons, data services, support plans), rendered once the
 * visitor scrolls within a screen of it, a placeholder as tall until then. On a phone the tiers alone
 * are seven screens long, and rendering every table as the catalogue arrived was most of what the
 * page's main thread did after its first paint (ADR 53); a visitor who scrolls finds them rendered.
 */
function BelowTheTiers({ height, label, children }: { height: StyleProp<number>; label: string; children: ReactNode }) {
  return (
    <WhenInView ahead="100%" placeholder={<Skeleton h={height} radius="md" role="status" aria-label={label} />}>
      {children}
    </WhenInView>
  );
}

/** About as tall as a catalogue table of `rows` rows: taller rows on a narrow screen, where cells wrap. */
const tableHeight = (rows: number): StyleProp<number> => ({ base: 100 + rows * 70, md: 100 + rows * 50 });
/** About as tall as the support plans: one column of cards on a phone, two on a tablet, a row of four on a wide screen. */
const SUPPORT_PLANS_HEIGHT: StyleProp<number> = { base: 1700, sm: 700, lg: 450 };

function SupportPlans({ plans }: { plans: Catalog['supportPlans'] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
      {plans.map((plan) => (
        <Card key={plan.id} withBorder radius="md" padding="lg" component="article" aria-labelledby={`support-${plan.id}`} data-testid="support-plan">
          <Stack gap="sm" h="100%">
            <Title order={3} size="h4" id={`support-${plan.id}`}>
              {plan.name}
            </Title>
            <SupportPlanPrice plan={plan} testId="support-plan-price" />
            <Text size="sm" c="dimmed">
              {plan.description}
            </Text>
            <DetailsList
              details={[
                { label: 'Critical incidents', value: `Answered within ${responseTimeLabel(plan.responseMinutes[0])}` },
                { label: 'Hours', value: hoursLabel(plan.hours) },
                { label: 'Channels', value: plan.channels.map(channelLabel).join(', ') },
                { label: 'Named engineer', value: plan.namedEngineer ? 'Yes' : 'No' },
              ]}
            />
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}

function PricingCard({ tier, catalog }: { tier: CatalogTier; catalog: Catalog }) {
  const type = clusterTypeFromTierName(tier.name);
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-labelledby={`pricing-${tier.id}`} data-testid="pricing-tier">
      {type ? (
        // Medium group: the prices are the first screen's content, the pictures only illustrate them.
        <Card.Section mb="md">
          <PriorityImage src={CLUSTER_TYPE_IMAGE.src(type)} alt="" width={CLUSTER_TYPE_IMAGE.width} height={CLUSTER_TYPE_IMAGE.height} priority="medium" crop="3 / 1" style={{ borderRadius: 0, maxWidth: 'none' }} />
        </Card.Section>
      ) : null}
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
        <DetailsList details={tierFacts(catalog, tier, 'tier')} />
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

interface PricedItem {
  monthlyPriceCents: number;
  yearlyPriceCents: number | null;
}

/** "<what>, from €9.00 / month": the lowest price above zero among `items`, in the display currency and cycle. */
function FromPrice({ items, unit, what, testId }: { items: readonly PricedItem[]; unit?: string; what: string; testId: string }) {
  const cheapest = items.filter((item) => item.monthlyPriceCents > 0).toSorted((a, b) => a.monthlyPriceCents - b.monthlyPriceCents)[0];
  return (
    <Group gap={6} align="baseline" wrap="wrap" data-testid={testId}>
      <Text c="dimmed">
        {what}
        {cheapest ? ', from' : '.'}
      </Text>
      {cheapest ? <ItemPrice monthlyCents={cheapest.monthlyPriceCents} yearlyCents={cheapest.yearlyPriceCents} unit={unit} /> : null}
    </Group>
  );
}

function gpuLabel(flavor: CatalogFlavor): string {
  if (!flavor.gpuModel) return '—';
  return `${flavor.gpuCount} × ${flavor.gpuModel}${flavor.gpuMemoryGb === null ? '' : ` (${flavor.gpuMemoryGb} GB)`}`;
}

/** The catalogue's tables: striped, bordered, scrolling sideways natively on a narrow screen. */
const CATALOGUE_TABLE = { striped: true, withTableBorder: true, verticalSpacing: 'sm' } as const;
/** A row's name, in bold. */
const NAME_CELL = { fw: 600 } as const;

function FlavorTable({ flavors }: { flavors: readonly CatalogFlavor[] }) {
  const { billingCycle } = usePreferences();
  const { format, ready } = useDisplayPrice();
  const columns: Column<CatalogFlavor>[] = [
    { header: 'Flavour', rowHeader: true, cell: (flavor) => flavor.name, cellProps: () => NAME_CELL },
    { header: 'Type', cell: (flavor) => categoryLabel(flavor.category) },
    { header: 'vCPU', cell: (flavor) => formatInteger(flavor.vcpu) },
    { header: 'Memory', cell: (flavor) => `${formatInteger(flavor.memoryGb)} GB` },
    { header: 'GPU', cell: gpuLabel },
    { header: 'Local disk', cell: (flavor) => `${formatInteger(flavor.localDiskGb)} GB` },
    {
      header: 'Per hour',
      cell: (flavor) => (flavor.hourlyPriceMillicents === null ? '—' : ready ? format(flavor.hourlyPriceMillicents / 1000) : <Skeleton height={16} width={60} />),
      cellProps: () => ({ 'data-testid': 'flavor-hourly' }),
    },
    {
      header: billingCycle === 'monthly' ? 'Per month' : 'Per year',
      cell: (flavor) => <ItemPrice monthlyCents={flavor.monthlyPriceCents} yearlyCents={flavor.yearlyPriceCents} size="sm" testId="flavor-price" />,
    },
  ];
  return (
    <DataTable
      rows={flavors}
      columns={columns}
      rowKey={(flavor) => flavor.id}
      rowProps={(flavor) => ({ 'data-testid': 'flavor-row', 'data-flavor': flavor.id })}
      caption="Node flavours and their price per node, excluding VAT"
      minWidth={820}
      {...CATALOGUE_TABLE}
      testId="flavor-table"
    />
  );
}

function AddonTable({ catalog }: { catalog: Catalog }) {
  const columns: Column<CatalogAddon>[] = [
    { header: 'Add-on', rowHeader: true, cell: (addon) => addon.name, cellProps: () => NAME_CELL },
    { header: 'Category', cell: (addon) => categoryLabel(addon.category) },
    {
      header: 'Available on',
      cell: (addon) =>
        addon.compatibleTierIds.length === catalog.tiers.length
          ? 'Every tier'
          : catalog.tiers
              .filter((tier) => addon.compatibleTierIds.includes(tier.id))
              .map((tier) => tier.name)
              .join(', '),
    },
    { header: 'Price per cluster', cell: (addon) => <ItemPrice monthlyCents={addon.monthlyPriceCents} yearlyCents={addon.yearlyPriceCents} size="sm" /> },
  ];
  return (
    <DataTable
      rows={catalog.addons}
      columns={columns}
      rowKey={(addon) => addon.id}
      rowProps={() => ({ 'data-testid': 'addon-row' })}
      caption="Add-ons and their price per cluster, excluding VAT"
      minWidth={640}
      {...CATALOGUE_TABLE}
      testId="addon-table"
    />
  );
}

function MiddlewareTable({ catalog }: { catalog: Catalog }) {
  const columns: Column<CatalogMiddleware>[] = [
    {
      header: 'Service',
      rowHeader: true,
      cell: (middleware) => (
        <>
          {middleware.name}
          {middleware.versions.length > 0 ? (
            <Text span size="xs" c="dimmed" fw={400}>
              {' '}
              {middleware.versions.join(', ')}
            </Text>
          ) : null}
        </>
      ),
      cellProps: () => NAME_CELL,
    },
    { header: 'Category', cell: (middleware) => categoryLabel(middleware.category) },
    { header: 'Plans', cell: (middleware) => middleware.plans.map((plan) => plan.name).join(', ') },
    {
      header: 'From',
      cell: (middleware) => {
        const cheapest = middleware.plans.toSorted((a, b) => a.monthlyPriceCents - b.monthlyPriceCents)[0];
        return cheapest ? <ItemPrice monthlyCents={cheapest.monthlyPriceCents} yearlyCents={cheapest.yearlyPriceCents} size="sm" /> : '—';
      },
    },
  ];
  return (
    <DataTable
      rows={catalog.middlewares}
      columns={columns}
      rowKey={(middleware) => middleware.id}
      rowProps={() => ({ 'data-testid': 'middleware-row' })}
      caption="Managed data services and the price of their smallest plan, excluding VAT"
      minWidth={640}
      {...CATALOGUE_TABLE}
      testId="middleware-table"
    />
  );
}

type Promotion = NonNullable<ReturnType<typeof useCatalog>['featuredPromotion']>;

/** The promotion the site banner announces (PARIS), with its terms from the catalogue. */
function PromotionNote({ promotion }: { promotion: Promotion }) {
  const { format } = useDisplayPrice();
  const discount = promotion.kind === 'percent' ? `${promotion.value / 100}%` : format(promotion.value);
  return (
    <Alert color="teal" variant="light" icon={<IconDiscount size={18} />} title={`Promo code ${promotion.code}: ${discount} off`} data-testid="promotion-note">
      {promotion.description} Enter the code when you order{promotion.firstPurchaseOnly ? ' for the first time' : ''}.
      {promotion.validUntil === null ? null : ` The offer ends ${formatDateTime(promotion.validUntil)}.`}
    </Alert>
  );
}
