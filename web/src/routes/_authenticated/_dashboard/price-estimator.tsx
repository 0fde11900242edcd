import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { PriceEstimatorPage } from '../../../features/catalog-browse';

interface PriceEstimatorSearch {
  /**
   * The estimate, compactly encoded. It is only checked to be text here, so that this route adds
   * nothing to the first page load; the page decodes it and validates it with zod.
   */
  estimate?: string;
}

export const Route = createFileRoute('/_authenticated/_dashboard/price-estimator')({
  validateSearch: (search: Record<string, unknown>): PriceEstimatorSearch =>
    typeof search.estimate === 'string' && search.estimate.length <= 8192 ? { estimate: search.estimate } : {},
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
