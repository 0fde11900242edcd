import { createFileRoute } from '@tanstack/react-router';
import { listSearchParams, OrderStatusIndexPage } from '../../../../features/orders';
import type { OrderListSearchParams } from '../../../../features/orders';

export const Route = createFileRoute('/_authenticated/_plain/order-status/')({
  validateSearch: (search: Record<string, unknown>): OrderListSearchParams => listSearchParams(search),
  component: OrderStatusIndexRoute,
});

function OrderStatusIndexRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <OrderStatusIndexPage search={search} onSearchChange={(next, options) => void navigate({ search: next, replace: options?.replace })} />;
}
