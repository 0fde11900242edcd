import { createFileRoute } from '@tanstack/react-router';
import { VerifyEmailPage } from '../features/auth';
import { validateTokenSearch } from '../lib/token-search';

export const Route = createFileRoute('/verify-email')({
  validateSearch: validateTokenSearch,
  component: VerifyEmailRoute,
});

function VerifyEmailRoute() {
  const { token } = Route.useSearch();
  return <VerifyEmailPage token={token} />;
}
