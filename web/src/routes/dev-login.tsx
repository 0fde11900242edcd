import { createFileRoute } from '@tanstack/react-router';
import { DevLoginPage } from '../features/auth';

export const Route = createFileRoute('/dev-login')({
  component: DevLoginPage,
});
