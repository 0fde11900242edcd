import { createFileRoute } from '@tanstack/react-router';
import { PaymentSuccessPage } from '../../../features/orders';

interface PaymentSuccessSearch {
  /** The order just paid. */
  order?: string;
}

export const Route = createFileRoute('/_authenticated/_dashboard/payment-success')({
  validateSearch: (search: Record<string, unknown>): PaymentSuccessSearch =>
    typeof search.order === 'string' && search.order.length > 0 && search.order.length <= 64 ? { order: search.order } : {},
  component: PaymentSuccessRoute,
});

function PaymentSuccessRoute() {
  const { order } = Route.useSearch();
  return <PaymentSuccessPage orderId={order} />;
}
