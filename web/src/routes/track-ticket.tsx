import { createFileRoute } from '@tanstack/react-router';
import { TrackTicketPage } from '../features/public/track-ticket-page';

export const Route = createFileRoute('/track-ticket')({
  component: TrackTicketPage,
});
