import { createFileRoute } from '@tanstack/react-router';
import { ClusterTiersSection, clusterTiersQueryOptions } from '../features/catalog';
import { HomeHero, SovereigntyHighlights } from '../features/marketing';
import { HomeClusterTypes } from '../features/public';

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
      <HomeClusterTypes />
    </>
  );
}
