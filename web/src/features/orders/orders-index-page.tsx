import { Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { QueryErrorAlert } from '../../components/query-error-alert';
import { AnchorLink, ButtonLink } from '../../components/router-links';
import { formatInteger } from '../../lib/format';
import { useTRPC } from '../../lib/trpc';
import { ORDER_KIND_LISTS, ORDER_KINDS, ORDER_STATUS_LABELS } from './order-types';
import type { OrderCounts, OrderStatus } from './order-types';
import { OrdersTable } from './orders-table';
import { PageLayout } from '../../components/page-header';

const RECENT_ORDERS = 5;
/** The states that ask something of the customer or are worth a look. */
const HIGHLIGHTED_STATUSES: readonly OrderStatus[] = ['pending', 'provisioning', 'failed'];

/** /orders: how many orders of each kind, what needs attention, and the latest orders. */
export function OrdersIndexPage() {
  const trpc = useTRPC();
  const counts = useQuery(trpc.orders.counts.queryOptions());
  const recent = useQuery(trpc.orders.list.queryOptions({ pageSize: RECENT_ORDERS }));

  return (
    <PageLayout title="Orders" description="Everything your organisation has ordered: clusters, add-ons, middlewares and support plans.">
      <section aria-labelledby="order-counts-title">
        <Stack gap="sm">
          <Title order={2} size="h4" id="order-counts-title">
            By kind
          </Title>
          {counts.isPending ? (
            <Skeleton height={120} radius="md" aria-label="Loading the order counts" />
          ) : counts.error ? (
            <QueryErrorAlert title="The order counts could not be loaded" query={counts} />
          ) : (
            <CountCards counts={counts.data} />
          )}
        </Stack>
      </section>

      <section aria-labelledby="recent-orders-title">
        <Stack gap="sm">
          <Group justify="space-between" align="center">
            <Title order={2} size="h4" id="recent-orders-title">
              Recent orders
            </Title>
            <ButtonLink to="/order-status" variant="subtle" rightSection={<IconArrowRight size={16} aria-hidden />}>
              All orders
            </ButtonLink>
          </Group>
          {recent.isPending ? (
            <Skeleton height={200} radius="md" aria-label="Loading the recent orders" />
          ) : recent.error ? (
            <QueryErrorAlert title="Recent orders could not be loaded" query={recent} />
          ) : recent.data.items.length === 0 ? (
            <Text size="sm" data-testid="recent-orders-empty">
              Your organisation has not ordered anything yet. Browse the marketplace or configure a cluster to get started.
            </Text>
          ) : (
            <OrdersTable items={recent.data.items} caption={`Your organisation's ${RECENT_ORDERS} most recent orders`} showKind />
          )}
        </Stack>
      </section>
    </PageLayout>
  );
}

function CountCards({ counts }: { counts: OrderCounts }) {
  const attention = HIGHLIGHTED_STATUSES.filter((status) => counts.byStatus[status] > 0);
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" data-testid="order-counts">
        {ORDER_KINDS.map((kind) => {
          const list = ORDER_KIND_LISTS[kind];
          const count = counts.byKind[kind];
          return (
            <Card key={kind} withBorder radius="md" padding="lg" data-testid="order-count" data-kind={kind}>
              <Stack gap={4}>
                <AnchorLink to={list.to} fw={700} data-testid="order-count-link">
                  {list.title}
                </AnchorLink>
                <Text fz={32} fw={800} lh={1.1} data-testid="order-count-value">
                  {formatInteger(count)}
                </Text>
                <Text size="xs" c="dimmed">
                  {count === 1 ? 'order' : 'orders'}
                </Text>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
      <Text size="sm" data-testid="order-count-total">
        {counts.total === 1 ? '1 order' : `${formatInteger(counts.total)} orders`} in all
        {attention.length > 0
          ? `: ${attention.map((status) => `${formatInteger(counts.byStatus[status])} ${ORDER_STATUS_LABELS[status].toLowerCase()}`).join(', ')}.`
          : '.'}
      </Text>
    </Stack>
  );
}
