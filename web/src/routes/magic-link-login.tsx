import { createFileRoute } from '@tanstack/react-router';
import { MagicLinkRequestPage } from '../features/auth';

export const Route = createFileRoute('/magic-link-login')({
  component: MagicLinkRequestPage,
});
