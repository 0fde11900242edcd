import { ClusterDetailPage } from './cluster-detail-page';
import type { ClusterDetailSearch } from './list-search-params';

/** What a cluster page's route gives it: the id in its path, its search, and a way to change that search. */
export interface ClusterDetailRouteApi {
  useParams: () => { id: string };
  useSearch: () => ClusterDetailSearch;
  useNavigate: () => (options: { search: ClusterDetailSearch; replace: boolean }) => Promise<void>;
}

/** A cluster's page under either of its addresses (/clusters/{id}, /cluster-detail/{id}): the tab is kept in the search. */
export function ClusterDetailRoute({ route }: { route: ClusterDetailRouteApi }) {
  const { id } = route.useParams();
  const { tab = 'overview' } = route.useSearch();
  const navigate = route.useNavigate();
  return <ClusterDetailPage clusterId={id} tab={tab} onTabChange={(next) => void navigate({ search: next === 'overview' ? {} : { tab: next }, replace: true })} />;
}
