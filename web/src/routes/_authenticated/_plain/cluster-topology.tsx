import { createFileRoute } from '@tanstack/react-router';
import { ClusterTopologyPage } from '../../../features/topology';
import type { ClusterTopologySearch } from '../../../features/topology';

const id = (value: unknown) => (typeof value === 'string' && value.length <= 64 ? value : undefined);

export const Route = createFileRoute('/_authenticated/_plain/cluster-topology')({
  // The chosen tier, region and HA option are in the address, so that a view can be shared.
  validateSearch: (search: Record<string, unknown>): ClusterTopologySearch => ({
    tier: id(search.tier),
    region: id(search.region),
    ha: search.ha === true || undefined,
  }),
  component: ClusterTopologyRoute,
});

function ClusterTopologyRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return <ClusterTopologyPage search={search} onSearchChange={(next) => void navigate({ search: next, replace: true, resetScroll: false })} />;
}
