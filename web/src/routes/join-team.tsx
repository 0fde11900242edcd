import { createFileRoute } from '@tanstack/react-router';
import { JoinTeamPage } from '../features/team';

export const Route = createFileRoute('/join-team')({
  component: JoinTeamPage,
});
