import { createFileRoute } from '@tanstack/react-router';
import { searchRoute } from '../../../../components/list-kit';
import { AddonOrdersPage, listSearchParams } from '../../../../features/orders';

export const Route = createFileRoute('/_authenticated/_dashboard/orders/addons')(searchRoute(listSearchParams, AddonOrdersPage));
