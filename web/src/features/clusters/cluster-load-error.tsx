import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { PageLoadError } from '../../components/page-states';
import type { FailedQuery } from '../../components/page-states';
import { ButtonLink } from '../../components/router-links';

/** A cluster's page whose cluster could not be loaded: not found, or an error to retry, and the way back to My Clusters. */
export function ClusterLoadError({
  query,
  title,
  notFound,
  top,
}: {
  query: FailedQuery;
  title: string;
  notFound: (message: string) => ReactNode;
  top?: ReactNode;
}) {
  return (
    <PageLoadError
      query={query}
      title={title}
      notFoundTitle="Cluster not found"
      notFound={notFound}
      notFoundTestId="cluster-not-found"
      errorTitle="The cluster could not be loaded"
      top={top}
      back={
        <ButtonLink to="/my-clusters" variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />}>
          Back to My Clusters
        </ButtonLink>
      }
    />
  );
}
