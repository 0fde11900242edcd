import { createFileRoute } from '@tanstack/react-router';
import { textSearch } from '../../../components/list-kit/search-params';
import { useCallback } from 'react';
import { PriceEstimatorPage } from '../../../features/catalog-browse';

export const Route = createFileRoute('/_authenticated/_dashboard/price-estimator')({
  /** `?estimate=`: the estimate, compactly encoded; the page decodes it and validates it with zod. */
  validateSearch: textSearch('estimate', { max: 8192, empty: true }),
  component: PriceEstimatorRoute,
});

function PriceEstimatorRoute() {
  const { estimate } = Route.useSearch();
  const navigate = Route.useNavigate();
  const onEncodedChange = useCallback(
    (next: string | undefined) => void navigate({ search: next ? { estimate: next } : {}, replace: true, resetScroll: false }),
    [navigate],
  );
  return <PriceEstimatorPage encoded={estimate} onEncodedChange={onEncodedChange} />;
}
