import { createFileRoute } from '@tanstack/react-router';
import { MagicLinkRequestPage } from '../features/auth/magic-link-request-page';

export const Route = createFileRoute('/magic-link-login')({
  component: MagicLinkRequestPage,
});
