import { createFileRoute } from '@tanstack/react-router';
import { OrderStatusView } from '../../../../features/orders';

interface OrderStatusSearch {
  /** 1: the checkout is open (the configurator and the Order buttons lead here with it). */
  checkout?: 1;
}

export const Route = createFileRoute('/_authenticated/_plain/order-status/$id')({
  validateSearch: (search: Record<string, unknown>): OrderStatusSearch =>
    search.checkout === 1 || search.checkout === '1' || search.checkout === true ? { checkout: 1 } : {},
  component: OrderStatusRoute,
});

function OrderStatusRoute() {
  const { id } = Route.useParams();
  const { checkout } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <OrderStatusView
      orderId={id}
      checkoutOpen={checkout === 1}
      onCheckoutChange={(open) => void navigate({ search: open ? { checkout: 1 } : {}, replace: true })}
    />
  );
}
