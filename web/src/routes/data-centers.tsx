import { createFileRoute } from '@tanstack/react-router';
import { DataCentersPage } from '../features/public/data-centers-page';
import { dataCentersQueryOptions } from '../features/public/data-centers-query';

export const Route = createFileRoute('/data-centers')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(dataCentersQueryOptions(context.trpc));
  },
  component: DataCentersPage,
});
