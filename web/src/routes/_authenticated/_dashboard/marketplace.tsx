import { createFileRoute } from '@tanstack/react-router';
import { MarketplacePage } from '../../../features/catalog-browse';

export const Route = createFileRoute('/_authenticated/_dashboard/marketplace')({
  component: MarketplacePage,
});
