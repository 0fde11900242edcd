import { createFileRoute } from '@tanstack/react-router';
import { useSearchBinding } from '../../../../components/list-kit/search-route';
import { AddonOrdersPage, listSearchParams, type OrderListSearchParams } from '../../../../features/orders';

export const Route = createFileRoute('/_authenticated/_dashboard/orders/addons')({
  validateSearch: listSearchParams,
  component: AddonOrdersRoute,
});

function AddonOrdersRoute() {
  return <AddonOrdersPage {...useSearchBinding<OrderListSearchParams>()} />;
}
