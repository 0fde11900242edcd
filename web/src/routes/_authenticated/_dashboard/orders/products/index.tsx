import { createFileRoute } from '@tanstack/react-router';
import { useSearchBinding } from '../../../../../components/list-kit/search-route';
import { listSearchParams, MiddlewaresPage, type OrderListSearchParams } from '../../../../../features/orders';

export const Route = createFileRoute('/_authenticated/_dashboard/orders/products/')({
  validateSearch: listSearchParams,
  component: MiddlewaresRoute,
});

function MiddlewaresRoute() {
  return <MiddlewaresPage {...useSearchBinding<OrderListSearchParams>()} />;
}
