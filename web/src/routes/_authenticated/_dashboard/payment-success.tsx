import { createFileRoute } from '@tanstack/react-router';
import { textSearch } from '../../../components/list-kit/search-params';
import { PaymentSuccessPage } from '../../../features/orders';

export const Route = createFileRoute('/_authenticated/_dashboard/payment-success')({
  /** `?order=`: the order just paid. */
  validateSearch: textSearch('order'),
  component: PaymentSuccessRoute,
});

function PaymentSuccessRoute() {
  const { order } = Route.useSearch();
  return <PaymentSuccessPage orderId={order} />;
}
