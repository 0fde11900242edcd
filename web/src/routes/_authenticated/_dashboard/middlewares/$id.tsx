import { createFileRoute } from '@tanstack/react-router';
import { MiddlewareInstancePage } from '../../../../features/middlewares';

export const Route = createFileRoute('/_authenticated/_dashboard/middlewares/$id')({
  component: MiddlewareInstanceRoute,
});

function MiddlewareInstanceRoute() {
  const { id } = Route.useParams();
  return <MiddlewareInstancePage instanceId={id} />;
}
