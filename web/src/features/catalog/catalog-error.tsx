import { QueryErrorAlert } from '../../components/query-error-alert';
import type { CatalogQuery } from './catalog-queries';

/** The catalogue could not be read: why, and a way to try again (nothing while it has not failed). */
export function CatalogError({ query, title = 'The catalogue could not be loaded' }: { query: Pick<CatalogQuery, 'error' | 'isFetching' | 'refetch'>; title?: string }) {
  if (!query.error) return null;
  return <QueryErrorAlert title={title} query={query} testId="catalog-error" />;
}
