import { createFileRoute } from '@tanstack/react-router';
import { IncidentTicketsPage } from '../../../../features/tickets';

interface IncidentTicketsSearch {
  /** The ticket open in the page; staff emails link here with it. */
  ticket?: string;
}

export const Route = createFileRoute('/_authenticated/_dashboard/officers/incident-tickets')({
  validateSearch: (search: Record<string, unknown>): IncidentTicketsSearch =>
    typeof search.ticket === 'string' && search.ticket.trim() ? { ticket: search.ticket.trim() } : {},
  component: IncidentTicketsRoute,
});

function IncidentTicketsRoute() {
  const { ticket } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <IncidentTicketsPage ticketId={ticket ?? null} onOpen={(id) => void navigate({ search: id ? { ticket: id } : {} })} />;
}
