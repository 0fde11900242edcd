import { createFileRoute } from '@tanstack/react-router';
import { SectionNotBuilt } from '../../../components/section-not-built';

export const Route = createFileRoute('/_authenticated/_dashboard/price-estimator')({
  component: PriceEstimatorPage,
});

function PriceEstimatorPage() {
  return <SectionNotBuilt title="Price Estimator" description="The monthly or yearly price of a setup, before you order it." />;
}
