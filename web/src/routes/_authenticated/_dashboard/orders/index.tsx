import { createFileRoute } from '@tanstack/react-router';
import { OrdersIndexPage } from '../../../../features/orders';

export const Route = createFileRoute('/_authenticated/_dashboard/orders/')({
  component: OrdersIndexPage,
});
