import { createFileRoute } from '@tanstack/react-router';
import { SupportPage } from '../features/public';

export const Route = createFileRoute('/support')({
  component: SupportPage,
});
