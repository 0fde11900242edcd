import { createFileRoute } from '@tanstack/react-router';
import { AddonOrdersPage, listSearchParams } from '../../../../features/orders';
import type { OrderListSearchParams } from '../../../../features/orders';

export const Route = createFileRoute('/_authenticated/_dashboard/orders/addons')({
  validateSearch: (search: Record<string, unknown>): OrderListSearchParams => listSearchParams(search),
  component: AddonOrdersRoute,
});

function AddonOrdersRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <AddonOrdersPage search={search} onSearchChange={(next, options) => void navigate({ search: next, replace: options?.replace })} />;
}
