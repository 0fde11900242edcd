import { createFileRoute } from '@tanstack/react-router';
import { searchRoute } from '../../../components/list-kit';
import { clusterListSearchParams, MyClustersPage } from '../../../features/clusters';

export const Route = createFileRoute('/_authenticated/_dashboard/my-clusters')(searchRoute(clusterListSearchParams, MyClustersPage));
