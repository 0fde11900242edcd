import { isTicketCategory } from './ticket-categories';
import type { TicketCategory } from './ticket-categories';

/** /support?new=true&category=technical opens the new-ticket form, prefilled (from /technical-support, /billing-support). */
export interface SupportSearch {
  new?: boolean;
  category?: TicketCategory;
}

export function validateSupportSearch(search: Record<string, unknown>): SupportSearch {
  const wantsNew = search.new === true || search.new === 'true';
  return { ...(wantsNew ? { new: true } : {}), ...(isTicketCategory(search.category) ? { category: search.category } : {}) };
}

/** /submit-ticket?category=billing prefills the visitor's form. */
export function validateSubmitSearch(search: Record<string, unknown>): { category?: TicketCategory } {
  return isTicketCategory(search.category) ? { category: search.category } : {};
}
