import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '../features/auth';
import { validateTokenSearch } from '../lib/token-search';

export const Route = createFileRoute('/reset-password')({
  validateSearch: validateTokenSearch,
  component: ResetPasswordRoute,
});

function ResetPasswordRoute() {
  const { token } = Route.useSearch();
  return <ResetPasswordPage token={token} />;
}
