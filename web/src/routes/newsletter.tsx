import { createFileRoute } from '@tanstack/react-router';
import { NewsletterPage } from '../features/public';

interface NewsletterSearch {
  token?: string;
  unsubscribe?: string;
}

function tokenOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

export const Route = createFileRoute('/newsletter')({
  validateSearch: (search: Record<string, unknown>): NewsletterSearch => {
    const token = tokenOf(search.token);
    const unsubscribe = tokenOf(search.unsubscribe);
    return { ...(token ? { token } : {}), ...(unsubscribe ? { unsubscribe } : {}) };
  },
  component: NewsletterRoute,
});

function NewsletterRoute() {
  const { token, unsubscribe } = Route.useSearch();
  return <NewsletterPage token={token} unsubscribeToken={unsubscribe} />;
}
