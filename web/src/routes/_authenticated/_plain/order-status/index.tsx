import { createFileRoute } from '@tanstack/react-router';
import { searchRoute } from '../../../../components/list-kit';
import { listSearchParams, OrderStatusIndexPage } from '../../../../features/orders';

export const Route = createFileRoute('/_authenticated/_plain/order-status/')(searchRoute(listSearchParams, OrderStatusIndexPage));
