import { StaffPage } from '../officers';
import { StaffQueue } from './staff-queue';
import { StaffTicketView } from './staff-ticket-view';

/** /officers/incident-tickets: the support queue, or one ticket (?ticket=…, the link of staff emails). */
export function IncidentTicketsPage({ ticketId, onOpen }: { ticketId: string | null; onOpen: (id: string | null) => void }) {
  return (
    <StaffPage title="Incident Tickets" description="Support tickets and incidents reported by customers, most urgent first.">
      {ticketId ? <StaffTicketView key={ticketId} id={ticketId} onBack={() => onOpen(null)} onOpen={onOpen} /> : <StaffQueue onOpen={onOpen} />}
    </StaffPage>
  );
}
