import { createFileRoute } from '@tanstack/react-router';
import { searchRoute } from '../../../../components/list-kit';
import { ClusterOrdersPage, listSearchParams } from '../../../../features/orders';

export const Route = createFileRoute('/_authenticated/_dashboard/orders/clusters')(searchRoute(listSearchParams, ClusterOrdersPage));
