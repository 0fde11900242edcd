import { createFileRoute } from '@tanstack/react-router';
import { SupportPlanPage } from '../../../../../features/orders';

export const Route = createFileRoute('/_authenticated/_dashboard/orders/support/$id')({
  component: SupportPlanRoute,
});

function SupportPlanRoute() {
  const { id } = Route.useParams();
  return <SupportPlanPage planId={id} />;
}
