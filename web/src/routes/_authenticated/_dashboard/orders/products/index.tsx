import { createFileRoute } from '@tanstack/react-router';
import { searchRoute } from '../../../../../components/list-kit';
import { listSearchParams, MiddlewaresPage } from '../../../../../features/orders';

export const Route = createFileRoute('/_authenticated/_dashboard/orders/products/')(searchRoute(listSearchParams, MiddlewaresPage));
