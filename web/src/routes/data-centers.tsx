import { createFileRoute } from '@tanstack/react-router';
import { DataCentersPage, dataCentersQueryOptions } from '../features/public';

export const Route = createFileRoute('/data-centers')({
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(dataCentersQueryOptions(context.trpc));
  },
  component: DataCentersPage,
});
