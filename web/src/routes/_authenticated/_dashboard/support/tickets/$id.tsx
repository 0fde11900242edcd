import { createFileRoute } from '@tanstack/react-router';
import { TicketPage } from '../../../../../features/tickets';

export const Route = createFileRoute('/_authenticated/_dashboard/support/tickets/$id')({
  component: TicketRoute,
});

function TicketRoute() {
  const { id } = Route.useParams();
  return <TicketPage key={id} id={id} />;
}
