import { createFileRoute } from '@tanstack/react-router';
import { listSearchParams, MiddlewaresPage } from '../../../../../features/orders';
import type { OrderListSearchParams } from '../../../../../features/orders';

export const Route = createFileRoute('/_authenticated/_dashboard/orders/products/')({
  validateSearch: (search: Record<string, unknown>): OrderListSearchParams => listSearchParams(search),
  component: MiddlewaresRoute,
});

function MiddlewaresRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <MiddlewaresPage search={search} onSearchChange={(next, options) => void navigate({ search: next, replace: options?.replace })} />;
}
