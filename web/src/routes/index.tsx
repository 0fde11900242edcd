import { createFileRoute } from '@tanstack/react-router';
import { ClusterTiersSection } from '../features/catalog/cluster-tiers-section';
import { clusterTiersQueryOptions } from '../features/catalog/cluster-tiers-query';
import { HomeHero } from '../features/marketing/home-hero';
import { SovereigntyHighlights } from '../features/marketing/sovereignty-highlights';

export const Route = createFileRoute('/')({
  // Start fetching the tiers while the page chunk loads; the section shows its own loading and error states.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(clusterTiersQueryOptions(context.trpc));
  },
  component: HomePage,
});

function HomePage() {
  return (
    <>
      <HomeHero />
      <SovereigntyHighlights />
      <ClusterTiersSection />
    </>
  );
}
