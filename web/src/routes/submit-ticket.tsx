import { createFileRoute } from '@tanstack/react-router';
import { SubmitTicketPage } from '../features/public/submit-ticket-page';

export const Route = createFileRoute('/submit-ticket')({
  component: SubmitTicketPage,
});
