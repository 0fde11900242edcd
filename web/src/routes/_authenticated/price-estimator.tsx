import { createFileRoute } from '@tanstack/react-router';
import { SectionNotBuilt } from '../../features/shell/section-not-built';

export const Route = createFileRoute('/_authenticated/price-estimator')({
  component: PriceEstimatorPage,
});

function PriceEstimatorPage() {
  return <SectionNotBuilt title="Price Estimator" description="The monthly or yearly price of a setup, before you order it." />;
}
