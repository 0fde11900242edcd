import { createFileRoute } from '@tanstack/react-router';
import { SubmitTicketPage } from '../features/public';

export const Route = createFileRoute('/submit-ticket')({
  component: SubmitTicketPage,
});
