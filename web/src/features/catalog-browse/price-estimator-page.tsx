import { Alert, Button, Card, CopyButton, Grid, Group, Select, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { isQuoteError, quote } from '@kubemarket/shared';
import { IconCheck, IconCopy, IconInfoCircle, IconPlus, IconShoppingCart } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { PageLayout } from '../../components/page-header';
import { PriceSettingsCard } from '../currency';
import { usePreferences } from '../preferences';
import { useBelowHeader } from '../../lib/header-offset';
import { buildPriceBook, CatalogError, useCatalog } from '../catalog';
import type { Catalog } from '../catalog';
import { ClusterEditor } from './cluster-editor';
import { decodeEstimate, emptyEstimate, encodeEstimate, estimateCustomer, estimateLines, ESTIMATE_LIMITS, isEmptyEstimate } from './estimate';
import type { Estimate } from './estimate';
import { newCluster } from './estimate-editing';
import { EstimateSummary } from './estimate-summary';
import type { ClientQuoteResult } from './estimate-summary';
import { configureClusterHref, HrefButton } from './href-button';
import { ServicesEditor } from './services-editor';
import { quoteRequestLines, useServerQuote } from './use-server-quote';
import type { QuoteRequest } from './use-server-quote';

interface PriceEstimatorPageProps {
  /** The estimate in the address (encodeEstimate), if any. */
  encoded: string | undefined;
  /** Replaces the address's estimate (undefined: none), without a new history entry. */
  onEncodedChange: (encoded: string | undefined) => void;
}

/** The estimator's own address for an estimate. */
export function estimatorHref(encoded: string): string {
  return `/price-estimator?${new URLSearchParams({ estimate: encoded }).toString()}`;
}

/** "Order line 2: The ..." -> [1, "The ..."]: the server names lines from 1. */
function serverLineError(message: string): [number, string] | null {
  const match = /^Order line (\d+): (.*)$/s.exec(message);
  return match ? [Number(match[1]) - 1, match[2] ?? message] : null;
}

export function PriceEstimatorPage({ encoded, onEncodedChange }: PriceEstimatorPageProps) {
  const belowHeader = useBelowHeader<HTMLDivElement>();
  const catalogQuery = useCatalog();
  const { billingCycle, currency, setBillingCycle, setCurrency } = usePreferences();
  const [initial] = useState(() => decodeEstimate(encoded));
  const [estimate, setEstimate] = useState<Estimate>(initial.estimate);
  const update = (changes: Partial<Estimate>) => setEstimate((previous) => ({ ...previous, ...changes }));
  /** Bumped by "Start over", so that the summary's fields (promotion code, VAT number) start empty too. */
  const [resets, setResets] = useState(0);

  // A shared estimate opens in the currency and cycle it was made in.
  useEffect(() => {
    if (initial.estimate.cycle) setBillingCycle(initial.estimate.cycle);
    if (initial.estimate.currency) setCurrency(initial.estimate.currency);
  }, [initial, setBillingCycle, setCurrency]);

  // The address follows the estimate (once the shared currency and cycle are applied).
  const addressed = useMemo(
    () => (isEmptyEstimate(estimate) ? undefined : encodeEstimate({ ...estimate, cycle: billingCycle, currency })),
    [estimate, billingCycle, currency],
  );
  const preferencesApplied = useRef(false);
  useEffect(() => {
    if (!preferencesApplied.current) {
      const { cycle, currency: sharedCurrency } = initial.estimate;
      if ((cycle && cycle !== billingCycle) || (sharedCurrency && sharedCurrency !== currency)) return;
      preferencesApplied.current = true;
    }
    if (addressed !== encoded) onEncodedChange(addressed);
  }, [addressed, encoded, onEncodedChange, initial, billingCycle, currency]);

  const { catalog, fetchedAt } = catalogQuery;
  const priceBook = useMemo(() => (catalog ? buildPriceBook(catalog) : null), [catalog]);
  const lines = useMemo(() => estimateLines(estimate), [estimate]);
  const customer = useMemo(() => estimateCustomer(estimate), [estimate]);

  const client = useMemo((): ClientQuoteResult => {
    if (!priceBook || lines.length === 0) return { kind: 'empty' };
    try {
      const promotionCode = estimate.promotionCode.trim() || null;
      return { kind: 'quote', quote: quote(lines, { cycle: billingCycle, now: fetchedAt, promotionCode, customer }, priceBook) };
    } catch (error) {
      if (isQuoteError(error)) return { kind: 'error', message: error.message, lineIndex: error.lineIndex };
      return { kind: 'error', message: 'This estimate cannot be priced; check its lines.', lineIndex: null };
    }
  }, [priceBook, lines, billingCycle, fetchedAt, estimate.promotionCode, customer]);

  const request = useMemo((): QuoteRequest | null => {
    if (!catalog || lines.length === 0) return null;
    return {
      lines: quoteRequestLines(lines),
      cycle: billingCycle,
      promotionCode: estimate.promotionCode.trim() || null,
      customer: { countryCode: customer.countryCode, vatNumber: customer.vatNumber ?? null, isBusiness: customer.isBusiness },
    };
  }, [catalog, lines, billingCycle, estimate.promotionCode, customer]);
  const server = useServerQuote(request);

  const lineErrors = useMemo(() => {
    const errors = new Map<number, string>();
    if (client.kind === 'error' && client.lineIndex !== null) errors.set(client.lineIndex, client.message);
    if (server.status === 'error') {
      const located = serverLineError(server.message);
      if (located && !errors.has(located[0])) errors.set(located[0], located[1]);
    }
    return errors;
  }, [client, server]);

  return (
    <PageLayout
      title="Price estimator"
      description="Build clusters and services and see what they cost before you order, in your currency, billed monthly or yearly. Every line is explained; our server confirms the total with today's prices. Share the address of this page to share the estimate."
    >
      <PriceSettingsCard />

      {!initial.ok ? (
        <Alert color="orange" variant="light" icon={<IconInfoCircle size={18} />} data-testid="estimate-link-invalid">
          This estimate link could not be read, so the estimator starts empty. Links are read in full: check that it was not cut short.
        </Alert>
      ) : null}

      {catalogQuery.error ? (
        <CatalogError query={catalogQuery} />
      ) : !catalog ? (
        <EstimatorSkeleton />
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Stack gap="lg">
              <ClustersSection catalog={catalog} estimate={estimate} onChange={update} lineErrors={lineErrors} />
              <ServicesEditor catalog={catalog} estimate={estimate} onChange={update} errors={lineErrors} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <div ref={belowHeader} style={{ position: 'sticky', top: 'calc(var(--app-shell-header-offset, 60px) + var(--mantine-spacing-md))' }}>
              <EstimateSummary
                key={resets}
                client={client}
                server={server}
                cycle={billingCycle}
                estimate={estimate}
                onChange={update}
                actions={
                  <Stack gap="xs">
                    <HrefButton
                      href={addressed ? configureClusterHref({ estimate: addressed }) : '/configure-cluster'}
                      leftSection={<IconShoppingCart size={18} />}
                      disabled={isEmptyEstimate(estimate)}
                      fullWidth
                      testId="order-estimate"
                    >
                      Order this
                    </HrefButton>
                    <Group grow gap="xs">
                      <CopyButton value={addressed ? `${window.location.origin}${estimatorHref(addressed)}` : ''}>
                        {({ copied, copy }) => (
                          <Button
                            variant="default"
                            leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                            onClick={copy}
                            disabled={isEmptyEstimate(estimate)}
                            data-testid="copy-estimate-link"
                          >
                            {copied ? 'Link copied' : 'Copy link'}
                          </Button>
                        )}
                      </CopyButton>
                      <Button
                        variant="subtle"
                        color="gray"
                        onClick={() => {
                          setEstimate({ ...emptyEstimate(), countryCode: estimate.countryCode });
                          setResets((count) => count + 1);
                        }}
                      >
                        Start over
                      </Button>
                    </Group>
                  </Stack>
                }
              />
            </div>
          </Grid.Col>
        </Grid>
      )}
    </PageLayout>
  );
}

function ClustersSection({
  catalog,
  estimate,
  onChange,
  lineErrors,
}: {
  catalog: Catalog;
  estimate: Estimate;
  onChange: (changes: Partial<Estimate>) => void;
  lineErrors: ReadonlyMap<number, string>;
}) {
  const [tierId, setTierId] = useState<string | null>(catalog.tiers[0]?.id ?? null);
  const full = estimate.clusters.length >= ESTIMATE_LIMITS.clusters;
  return (
    <Stack gap="md" component="section" aria-labelledby="estimate-clusters-title">
      <Title order={2} size="h4" id="estimate-clusters-title">
        Clusters
      </Title>
      {estimate.clusters.map((cluster, index) => (
        <ClusterEditor
          key={index}
          catalog={catalog}
          cluster={cluster}
          index={index}
          error={lineErrors.get(index) ?? null}
          onChange={(next) => onChange({ clusters: estimate.clusters.map((entry, position) => (position === index ? next : entry)) })}
          onRemove={() => onChange({ clusters: estimate.clusters.filter((_, position) => position !== index) })}
        />
      ))}
      <Card withBorder radius="md" padding="md" bg="var(--mantine-color-default-hover)">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label={estimate.clusters.length === 0 ? 'Start with a cluster of tier' : 'Add a cluster of tier'}
            data={catalog.tiers.map((tier) => ({ value: tier.id, label: tier.name }))}
            value={tierId}
            allowDeselect={false}
            onChange={setTierId}
            style={{ flexGrow: 1, minWidth: 220 }}
            data-testid="estimate-new-cluster-tier"
          />
          <Button
            leftSection={<IconPlus size={16} />}
            disabled={full || !tierId}
            onClick={() => {
              const cluster = newCluster(catalog, tierId ?? undefined);
              if (cluster) onChange({ clusters: [...estimate.clusters, cluster] });
            }}
            data-testid="estimate-add-cluster"
          >
            Add cluster
          </Button>
        </Group>
        {full ? (
          <Text size="xs" c="dimmed" mt="xs">
            An estimate holds at most {ESTIMATE_LIMITS.clusters} clusters.
          </Text>
        ) : null}
      </Card>
    </Stack>
  );
}

function EstimatorSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg" aria-busy="true" aria-label="Loading the catalogue">
      <Stack gap="md">
        <Skeleton height={280} radius="md" />
        <Skeleton height={180} radius="md" />
      </Stack>
      <Skeleton height={420} radius="md" />
    </SimpleGrid>
  );
}
