import { Alert, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle, IconPuzzle } from '@tabler/icons-react';
import { QueryErrorAlert } from '../../components/query-error-alert';
import { ButtonLink } from '../../components/router-links';
import { SectionCard } from '../../components/section-card';
import { useSidebarCounts } from '../dashboard';
import { BillingCycleControl, CurrencyControl } from '../preferences';
import { CatalogBrowser } from './catalog-browser';
import { useCatalog } from './catalog-queries';
import type { MarketKind } from './market-items';

const ADDON_KIND: readonly MarketKind[] = ['addon'];

/** 'a', 'a and b', 'a, b and c'. */
function listOf(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/**
 * The add-ons of the organisation's clusters, and the add-on catalogue. The console has no list of
 * the clusters' add-ons yet (only how many clusters there are), so it says so rather than guessing.
 */
export function AddOnsPage() {
  const catalogQuery = useCatalog();
  const counts = useSidebarCounts();
  const clusters = counts.data?.clusters;
  const included = (catalogQuery.catalog?.addons ?? []).filter((addon) => addon.monthlyPriceCents === 0).map((addon) => addon.name);

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
          <Stack gap={4} maw={720}>
            <Title order={1} data-testid="page-title">
              Add-ons
            </Title>
            <Text c="dimmed">Monitoring, logging, backups, certificates, ingress, service mesh, policies and more, installed and kept up to date on your clusters.</Text>
          </Stack>
          <Group gap="sm" wrap="wrap">
            <CurrencyControl size="xs" />
            <BillingCycleControl size="xs" />
          </Group>
        </Group>

        <SectionCard title="On your clusters" id="installed-addons">
          {counts.isPending ? (
            <Skeleton height={60} />
          ) : counts.error ? (
            <QueryErrorAlert title="Your clusters could not be loaded" error={counts.error} retrying={counts.isFetching} onRetry={() => void counts.refetch()} />
          ) : (
            <Stack gap="sm" data-testid="installed-addons">
              <Alert variant="light" color="gray" icon={<IconPuzzle size={18} />} title="No add-ons installed yet">
                {clusters === 0
                  ? 'Your organisation has no clusters yet. Add-ons run on a cluster: configure one, or estimate one with the add-ons you need.'
                  : `Your organisation has ${clusters} ${clusters === 1 ? 'cluster' : 'clusters'}, and none runs an add-on ordered here yet. Add-ons you order will be listed here for each cluster.`}
              </Alert>
              <Group gap="sm">
                <ButtonLink to="/configure-cluster" size="xs">
                  Configure a cluster
                </ButtonLink>
                <ButtonLink to="/price-estimator" size="xs" variant="default">
                  Estimate a cluster with add-ons
                </ButtonLink>
              </Group>
              {included.length > 0 ? (
                <Text size="xs" c="dimmed">
                  <IconInfoCircle size={12} style={{ verticalAlign: 'middle' }} aria-hidden /> {listOf(included)} {included.length === 1 ? 'is' : 'are'} free: add{' '}
                  {included.length === 1 ? 'it' : 'them'} to any cluster at no extra cost.
                </Text>
              ) : null}
            </Stack>
          )}
        </SectionCard>

        <CatalogBrowser catalogQuery={catalogQuery} kinds={ADDON_KIND} title="Add-on catalogue" />
      </Stack>
    </Container>
  );
}
