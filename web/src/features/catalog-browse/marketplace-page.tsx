import { PageLayout } from '../../components/page-header';
import { PriceControls } from '../preferences';
import { CatalogBrowser } from './catalog-browser';
import { useCatalog } from '../catalog';
import type { MarketKind } from './market-items';

const ALL_KINDS: readonly MarketKind[] = ['addon', 'middleware', 'support'];

/** Add-ons, middlewares and support plans to browse, compare and order. */
export function MarketplacePage() {
  const catalogQuery = useCatalog();
  return (
    <PageLayout
      title="Marketplace"
      description="Add-ons for your clusters, managed data services and support plans, operated by our engineers in EU data centres. Open an item to compare its plans and estimate it."
      maw={720}
      actions={<PriceControls />}
    >
      <CatalogBrowser catalogQuery={catalogQuery} kinds={ALL_KINDS} title="Catalogue" />
    </PageLayout>
  );
}
