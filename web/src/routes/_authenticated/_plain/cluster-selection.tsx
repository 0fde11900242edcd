import { createFileRoute } from '@tanstack/react-router';
import { ClusterSelectionPage } from '../../../features/catalog-browse';

interface ClusterSelectionSearch {
  /** The tier chosen so far, so that the choice survives a reload. */
  tier?: string;
}

export const Route = createFileRoute('/_authenticated/_plain/cluster-selection')({
  validateSearch: (search: Record<string, unknown>): ClusterSelectionSearch =>
    typeof search.tier === 'string' && search.tier.length <= 64 ? { tier: search.tier } : {},
  component: ClusterSelectionRoute,
});

function ClusterSelectionRoute() {
  const { tier } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <ClusterSelectionPage selectedTierId={tier} onSelect={(next) => void navigate({ search: { tier: next }, replace: true, resetScroll: false })} />;
}
