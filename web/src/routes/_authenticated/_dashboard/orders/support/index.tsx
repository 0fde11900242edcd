import { createFileRoute } from '@tanstack/react-router';
import { searchRoute } from '../../../../../components/list-kit';
import { listSearchParams, SupportPlansPage } from '../../../../../features/orders';

export const Route = createFileRoute('/_authenticated/_dashboard/orders/support/')(searchRoute(listSearchParams, SupportPlansPage));
