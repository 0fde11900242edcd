import { createFileRoute } from '@tanstack/react-router';
import { DevLoginPage } from '../features/auth/dev-login-page';

export const Route = createFileRoute('/dev-login')({
  component: DevLoginPage,
});
