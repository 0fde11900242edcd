import { createFileRoute } from '@tanstack/react-router';
import { SectionNotBuilt } from '../../../components/section-not-built';

export const Route = createFileRoute('/_authenticated/_dashboard/marketplace')({
  component: MarketplacePage,
});

function MarketplacePage() {
  return <SectionNotBuilt title="Marketplace" description="Add-ons, middlewares and support plans to order for your clusters." />;
}
