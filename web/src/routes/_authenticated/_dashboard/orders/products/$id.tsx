import { createFileRoute } from '@tanstack/react-router';
import { MiddlewarePage } from '../../../../../features/orders';

export const Route = createFileRoute('/_authenticated/_dashboard/orders/products/$id')({
  component: MiddlewareRoute,
});

function MiddlewareRoute() {
  const { id } = Route.useParams();
  return <MiddlewarePage middlewareId={id} />;
}
