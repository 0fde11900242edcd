import { createFileRoute } from '@tanstack/react-router';
import { CookiePolicyPage } from '../features/public';

export const Route = createFileRoute('/cookie-policy')({
  component: CookiePolicyPage,
});
