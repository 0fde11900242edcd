import { Alert, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconInfoCircle, IconPuzzle } from '@tabler/icons-react';
import { QueryErrorAlert } from '../../components/query-error-alert';
import { AnchorLink, ButtonLink } from '../../components/router-links';
import { useTRPC } from '../../lib/trpc';
import { PageLayout } from '../../components/page-header';
import { SectionCard } from '../../components/section-card';
import { useSidebarCounts } from '../dashboard';
import { PriceControls } from '../preferences';
import { CatalogBrowser } from './catalog-browser';
import { useCatalog } from '../catalog';
import type { MarketKind } from './market-items';

const ADDON_KIND: readonly MarketKind[] = ['addon'];

/** 'a', 'a and b', 'a, b and c'. */
function listOf(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/**
 * The add-ons of the organisation's clusters, each with the clusters that run it (issue 31: the
 * page said none did while three did), and the add-on catalogue.
 */
export function AddOnsPage() {
  const catalogQuery = useCatalog();
  const trpc = useTRPC();
  const inUse = useQuery(trpc.clusters.addonsInUse.queryOptions());
  const counts = useSidebarCounts();
  const clusters = counts.data?.clusters;
  const included = (catalogQuery.catalog?.addons ?? []).filter((addon) => addon.monthlyPriceCents === 0).map((addon) => addon.name);

  return (
    <PageLayout
      title="Add-ons"
      description="Monitoring, logging, backups, certificates, ingress, service mesh, policies and more, installed and kept up to date on your clusters."
      maw={720}
      actions={<PriceControls />}
    >
      <SectionCard title="On your clusters" id="installed-addons" description="Order more from a cluster's Add-ons tab: it shows what each costs and what the cluster can run.">
        {inUse.isPending ? (
          <Skeleton height={60} aria-label="Loading your clusters' add-ons" />
        ) : inUse.error ? (
          <QueryErrorAlert title="Your clusters' add-ons could not be loaded" query={inUse} />
        ) : inUse.data.length > 0 ? (
          <Table verticalSpacing="sm" withTableBorder data-testid="installed-addons">
            <Table.Caption>The add-ons your clusters run</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Add-on</Table.Th>
                <Table.Th scope="col">Runs on</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {inUse.data.map((addon) => (
                <Table.Tr key={addon.addonId} data-testid="installed-addon" data-addon-id={addon.addonId}>
                  <Table.Th scope="row">{addon.name}</Table.Th>
                  <Table.Td>
                    <Group gap="xs" wrap="wrap">
                      {addon.clusters.map((cluster) => (
                        <AnchorLink key={cluster.id} to="/clusters/$id" params={{ id: cluster.id }} search={{ tab: 'addons' }} size="sm" data-testid="installed-addon-cluster">
                          {cluster.name}
                        </AnchorLink>
                      ))}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Stack gap="sm" data-testid="installed-addons-empty">
            <Alert variant="light" color="gray" icon={<IconPuzzle size={18} />} title="No add-ons installed yet">
              {clusters === 0
                ? 'Your organisation has no clusters yet. Add-ons run on a cluster: configure one, or estimate one with the add-ons you need.'
                : 'None of your clusters runs an add-on yet. Order one from a cluster\'s Add-ons tab.'}
            </Alert>
            <Group gap="sm">
              <ButtonLink to="/configure-cluster" size="xs">
                Configure a cluster
              </ButtonLink>
              <ButtonLink to="/price-estimator" size="xs" variant="default">
                Estimate a cluster with add-ons
              </ButtonLink>
            </Group>
          </Stack>
        )}
        {included.length > 0 ? (
          <Text size="xs" c="dimmed" mt="sm">
            <IconInfoCircle size={12} style={{ verticalAlign: 'middle' }} aria-hidden /> {listOf(included)} {included.length === 1 ? 'is' : 'are'} free: add{' '}
            {included.length === 1 ? 'it' : 'them'} to any cluster at no extra cost.
          </Text>
        ) : null}
      </SectionCard>

      <CatalogBrowser catalogQuery={catalogQuery} kinds={ADDON_KIND} title="Add-on catalogue" />
    </PageLayout>
  );
}
