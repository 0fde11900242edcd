import { createFileRoute } from '@tanstack/react-router';
import { CookiePolicyPage } from '../features/public/cookie-policy-page';

export const Route = createFileRoute('/cookie-policy')({
  component: CookiePolicyPage,
});
