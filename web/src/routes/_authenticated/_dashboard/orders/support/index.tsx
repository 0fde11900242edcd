import { createFileRoute } from '@tanstack/react-router';
import { useSearchBinding } from '../../../../../components/list-kit/search-route';
import { listSearchParams, SupportPlansPage, type OrderListSearchParams } from '../../../../../features/orders';

export const Route = createFileRoute('/_authenticated/_dashboard/orders/support/')({
  validateSearch: listSearchParams,
  component: SupportPlansRoute,
});

function SupportPlansRoute() {
  return <SupportPlansPage {...useSearchBinding<OrderListSearchParams>()} />;
}
