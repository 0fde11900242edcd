import { Alert, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { QueryErrorAlert } from '../../components/query-error-alert';
import { ButtonLink } from '../../components/router-links';
import { useTRPCClient } from '../../lib/trpc';
import { ProvisioningProgress } from '../clusters';
import { OrderStatusView } from './order-status-view';

/** orders.list's largest page: a cluster's order is found in one or two requests. */
const PAGE_SIZE = 100;

/**
 * /clusters/{id}/status: the provisioning of a cluster, followed through the order that created
 * it. orders.list cannot filter by cluster, so the organisation's cluster orders are read, the
 * newest first (a cluster being built comes from a recent order), until the one is found.
 */
export function ClusterStatusPage({ clusterId }: { clusterId: string }) {
  const client = useTRPCClient();
  const creator = useQuery({
    queryKey: ['orders', 'createdCluster', clusterId],
    queryFn: async () => {
      for (let page = 1; ; page += 1) {
        const result = await client.orders.list.query({ kind: 'cluster', sort: 'newest', page, pageSize: PAGE_SIZE });
        const found = result.items.find((order) => order.createdClusterId === clusterId);
        if (found) return found.id;
        if (page >= result.pageCount) return null;
      }
    },
  });

  if (creator.data) return <OrderStatusView orderId={creator.data} />;
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Title order={1} data-testid="page-title">
          Cluster Status
        </Title>
        {creator.isPending ? (
          <Skeleton height={200} radius="md" aria-label="Loading the cluster's order" />
        ) : creator.error ? (
          <QueryErrorAlert title="The cluster's order could not be loaded" query={creator} />
        ) : (
          <>
            <Alert color="gray" variant="light" icon={<IconAlertCircle size={18} />} data-testid="cluster-order-not-found">
              <Text size="sm">
                No order of your organisation created the cluster <code>{clusterId}</code>: here is its latest operation, live.
              </Text>
            </Alert>
            <ProvisioningProgress clusterId={clusterId} />
          </>
        )}
        <Group>
          <ButtonLink to="/orders/clusters" variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />}>
            Cluster orders
          </ButtonLink>
        </Group>
      </Stack>
    </Container>
  );
}
