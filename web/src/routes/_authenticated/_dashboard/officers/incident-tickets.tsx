import { createFileRoute } from '@tanstack/react-router';
import { SectionNotBuilt } from '../../../../components/section-not-built';

export const Route = createFileRoute('/_authenticated/_dashboard/officers/incident-tickets')({
  component: IncidentTicketsPage,
});

function IncidentTicketsPage() {
  return <SectionNotBuilt title="Incident Tickets" description="Support tickets and incidents reported by customers." />;
}
