import { Text } from '@mantine/core';
import { roleCan } from '@kubemarket/shared';
import { IconPlus, IconPuzzle } from '@tabler/icons-react';
import type { ComponentProps, ReactNode } from 'react';
import { PageLayout } from '../../components/page-header';
import { ButtonLink } from '../../components/router-links';
import { useSessionUser } from '../auth';
import type { OrderListSearchParams } from './list-search';
import { OrderList } from './order-list';
import type { SearchChange } from './order-list';

export interface OrderListPageProps {
  search: OrderListSearchParams;
  onSearchChange: SearchChange;
}

interface OrderListPageShellProps extends Omit<ComponentProps<typeof OrderList>, 'search' | 'onSearchChange'>, OrderListPageProps {
  title: string;
  description: string;
  actions?: ReactNode;
}

/** A page of the organisation's orders: its heading, then the list. */
function OrderListPage({ title, description, actions, ...list }: OrderListPageShellProps) {
  return (
    <PageLayout title={title} description={description} actions={actions}>
      <OrderList {...list} />
    </PageLayout>
  );
}

/** /orders/clusters: the organisation's cluster orders. */
export function ClusterOrdersPage(props: OrderListPageProps) {
  const user = useSessionUser();
  const mayOrder = roleCan(user.organizationRole, 'orders:write');
  const configure = mayOrder ? (
    <ButtonLink to="/configure-cluster" leftSection={<IconPlus size={16} aria-hidden />} data-testid="configure-cluster-link">
      Configure New Cluster
    </ButtonLink>
  ) : null;
  return (
    <OrderListPage
      {...props}
      title="Cluster Orders"
      description="Every cluster your organisation ordered, with where each order stands. Open one to follow its payment and provisioning."
      actions={configure}
      kind="cluster"
      caption="Your organisation's cluster orders"
      empty={<Text size="sm">Your organisation has not ordered a cluster yet.{mayOrder ? ' Configure one to get started.' : ''}</Text>}
    />
  );
}

/** /orders/addons: the organisation's add-on orders. */
export function AddonOrdersPage(props: OrderListPageProps) {
  return (
    <OrderListPage
      {...props}
      title="Add-on Orders"
      description="Add-ons ordered for your clusters: monitoring, logging, backups and more. Open one to see its status and payment."
      actions={
        <ButtonLink to="/add-ons" variant="default" leftSection={<IconPuzzle size={16} aria-hidden />}>
          Browse add-ons
        </ButtonLink>
      }
      kind="addon"
      caption="Your organisation's add-on orders"
      empty={<Text size="sm">Your organisation has not ordered an add-on for an existing cluster yet.</Text>}
    />
  );
}

/** /order-status: every order of the organisation, the newest first. */
export function OrderStatusIndexPage(props: OrderListPageProps) {
  return (
    <OrderListPage
      {...props}
      title="Order Status"
      description="Your organisation's orders and where each one stands. Open an order to see its timeline."
      caption="Your organisation's orders"
      empty={<Text size="sm">Your organisation has not ordered anything yet.</Text>}
    />
  );
}
