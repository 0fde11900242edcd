import { createFileRoute } from '@tanstack/react-router';
import { TrackTicketPage } from '../features/public';

export const Route = createFileRoute('/track-ticket')({
  component: TrackTicketPage,
});
