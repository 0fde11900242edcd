import { createFileRoute } from '@tanstack/react-router';
import { SubmitTicketPage } from '../features/public';
import { validateSubmitSearch } from '../features/tickets';

export const Route = createFileRoute('/submit-ticket')({
  validateSearch: validateSubmitSearch,
  component: SubmitTicketRoute,
});

function SubmitTicketRoute() {
  const { category } = Route.useSearch();
  return <SubmitTicketPage category={category} />;
}
