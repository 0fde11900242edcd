import { createFileRoute } from '@tanstack/react-router';
import { useSearchBinding } from '../../../../components/list-kit/search-route';
import { ClusterOrdersPage, listSearchParams, type OrderListSearchParams } from '../../../../features/orders';

export const Route = createFileRoute('/_authenticated/_dashboard/orders/clusters')({
  validateSearch: listSearchParams,
  component: ClusterOrdersRoute,
});

function ClusterOrdersRoute() {
  return <ClusterOrdersPage {...useSearchBinding<OrderListSearchParams>()} />;
}
