import { createFileRoute } from '@tanstack/react-router';
import { textSearch } from '../../../components/list-kit/search-params';
import { ClusterSelectionPage } from '../../../features/catalog-browse';

export const Route = createFileRoute('/_authenticated/_plain/cluster-selection')({
  /** `?tier=`: the tier chosen so far, so that the choice survives a reload. */
  validateSearch: textSearch('tier', { empty: true }),
  component: ClusterSelectionRoute,
});

function ClusterSelectionRoute() {
  const { tier } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <ClusterSelectionPage selectedTierId={tier} onSelect={(next) => void navigate({ search: { tier: next }, replace: true, resetScroll: false })} />;
}
