import { createFileRoute } from '@tanstack/react-router';
import { MagicLinkPage } from '../features/auth';
import { validateTokenSearch } from '../lib/token-search';

export const Route = createFileRoute('/magic-link')({
  validateSearch: validateTokenSearch,
  component: MagicLinkRoute,
});

function MagicLinkRoute() {
  const { token } = Route.useSearch();
  return <MagicLinkPage token={token} />;
}
