import { Container, Stack, Text } from '@mantine/core';
import { roleCan } from '@kubemarket/shared';
import { IconPlus, IconPuzzle } from '@tabler/icons-react';
import { ButtonLink } from '../../components/router-links';
import { useSessionUser } from '../auth';
import type { OrderListSearchParams } from './list-search';
import { OrderList } from './order-list';
import type { SearchChange } from './order-list';
import { PageHeader } from './page-header';

export interface OrderListPageProps {
  search: OrderListSearchParams;
  onSearchChange: SearchChange;
}

/** /orders/clusters: the organisation's cluster orders. */
export function ClusterOrdersPage({ search, onSearchChange }: OrderListPageProps) {
  const user = useSessionUser();
  const mayOrder = roleCan(user.organizationRole, 'orders:write');
  const configure = mayOrder ? (
    <ButtonLink to="/configure-cluster" leftSection={<IconPlus size={16} aria-hidden />} data-testid="configure-cluster-link">
      Configure New Cluster
    </ButtonLink>
  ) : null;
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <PageHeader
          title="Cluster Orders"
          description="Every cluster your organisation ordered, with where each order stands. Open one to follow its payment and provisioning."
          actions={configure}
        />
        <OrderList
          kind="cluster"
          search={search}
          onSearchChange={onSearchChange}
          caption="Your organisation's cluster orders"
          empty={<Text size="sm">Your organisation has not ordered a cluster yet.{mayOrder ? ' Configure one to get started.' : ''}</Text>}
        />
      </Stack>
    </Container>
  );
}

/** /orders/addons: the organisation's add-on orders. */
export function AddonOrdersPage({ search, onSearchChange }: OrderListPageProps) {
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <PageHeader
          title="Add-on Orders"
          description="Add-ons ordered for your clusters: monitoring, logging, backups and more. Open one to see its status and payment."
          actions={
            <ButtonLink to="/add-ons" variant="default" leftSection={<IconPuzzle size={16} aria-hidden />}>
              Browse add-ons
            </ButtonLink>
          }
        />
        <OrderList
          kind="addon"
          search={search}
          onSearchChange={onSearchChange}
          caption="Your organisation's add-on orders"
          empty={<Text size="sm">Your organisation has not ordered an add-on for an existing cluster yet.</Text>}
        />
      </Stack>
    </Container>
  );
}

/** /order-status: every order of the organisation, the newest first. */
export function OrderStatusIndexPage({ search, onSearchChange }: OrderListPageProps) {
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <PageHeader title="Order Status" description="Your organisation's orders and where each one stands. Open an order to see its timeline." />
        <OrderList
          search={search}
          onSearchChange={onSearchChange}
          caption="Your organisation's orders"
          empty={<Text size="sm">Your organisation has not ordered anything yet.</Text>}
        />
      </Stack>
    </Container>
  );
}
