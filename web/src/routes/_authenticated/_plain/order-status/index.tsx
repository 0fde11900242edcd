import { createFileRoute } from '@tanstack/react-router';
import { useSearchBinding } from '../../../../components/list-kit/search-route';
import { listSearchParams, OrderStatusIndexPage, type OrderListSearchParams } from '../../../../features/orders';

export const Route = createFileRoute('/_authenticated/_plain/order-status/')({
  validateSearch: listSearchParams,
  component: OrderStatusIndexRoute,
});

function OrderStatusIndexRoute() {
  return <OrderStatusIndexPage {...useSearchBinding<OrderListSearchParams>()} />;
}
