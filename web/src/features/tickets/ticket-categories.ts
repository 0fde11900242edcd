import type { AppRouter } from '@kubemarket/api';
import type { inferRouterOutputs } from '@trpc/server';

export type TicketCategory = inferRouterOutputs<AppRouter>['tickets']['list']['items'][number]['category'];

/**
 * The ticket categories, apart from their labels (ticket-types.ts): the search checks of /support and
 * /submit-ticket run with every first load of the app, the labels only with the support pages.
 */
export const TICKET_CATEGORIES = ['technical', 'billing', 'account', 'incident'] as const satisfies readonly TicketCategory[];

export function isTicketCategory(value: unknown): value is TicketCategory {
  return typeof value === 'string' && (TICKET_CATEGORIES as readonly string[]).includes(value);
}
