import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { SmartSuggestionsPage } from '../../../features/suggestions';
import type { SuggestionsSearch } from '../../../features/suggestions';

const KEYS = ['workload', 'env', 'nodes', 'data', 'sla', 'budget', 'region'] as const;

/**
 * The answers, kept as text or numbers of reasonable length only, so that this route adds nothing to
 * the first page load; the page reads them with the questionnaire's schema.
 */
function validateSearch(search: Record<string, unknown>): SuggestionsSearch {
  const kept: Record<string, string | number> = {};
  for (const key of KEYS) {
    const value = search[key];
    if ((typeof value === 'string' && value.length <= 64) || (typeof value === 'number' && Number.isFinite(value))) kept[key] = value;
  }
  return kept as SuggestionsSearch;
}

export const Route = createFileRoute('/_authenticated/_plain/smart-suggestions')({
  validateSearch,
  component: SmartSuggestionsRoute,
});

function SmartSuggestionsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback((next: SuggestionsSearch) => void navigate({ search: next, resetScroll: false }), [navigate]);
  return <SmartSuggestionsPage search={search} onSearchChange={onSearchChange} />;
}
