import { isQuoteError, quote } from '@kubemarket/shared';
import type { BillingCycle, Quote } from '@kubemarket/shared';
import { useThrottledValue } from '@mantine/hooks';
import { useMemo } from 'react';
import { buildPriceBook } from '../catalog';
import { quoteRequestLines, useServerQuote } from '../catalog-browse';
import type { Catalog } from '../catalog';
import type { ClientQuoteResult, QuoteRequest, ServerQuoteState } from '../catalog-browse';
import { draftCustomer, draftQuoteLines } from './draft';
import type { ClusterDraft } from './draft';

/**
 * The panel follows each keystroke at most this often, so that a screen reader is not told every
 * intermediate total (the server's confirmation is debounced by useServerQuote already).
 */
export const PRICE_PANEL_THROTTLE_MS = 1000;

export interface DraftPricing {
  client: ClientQuoteResult;
  server: ServerQuoteState;
  /** The quote the panel shows: the server's once it answered for this draft, else the screen's. */
  shown: Quote | null;
}

/** The screen's quote of a draft: the shared engine over the catalogue's price book, as the estimator prices. */
export function clientQuote(catalog: Catalog, draft: ClusterDraft, cycle: BillingCycle, now: number): ClientQuoteResult {
  const lines = draftQuoteLines(draft);
  if (lines.length === 0) return { kind: 'empty' };
  try {
    const promotionCode = draft.promotionCode.trim() || null;
    return { kind: 'quote', quote: quote(lines, { cycle, now, promotionCode, customer: draftCustomer(draft) }, buildPriceBook(catalog)) };
  } catch (error) {
    if (isQuoteError(error)) return { kind: 'error', message: error.message, lineIndex: error.lineIndex };
    return { kind: 'error', message: 'This configuration cannot be priced yet; check its steps.', lineIndex: null };
  }
}

/** What POST /api/quotes is asked for the draft, or null while there is nothing to price. */
export function draftQuoteRequest(draft: ClusterDraft, cycle: BillingCycle): QuoteRequest | null {
  const lines = draftQuoteLines(draft);
  if (lines.length === 0) return null;
  const customer = draftCustomer(draft);
  return {
    lines: quoteRequestLines(lines),
    cycle,
    promotionCode: draft.promotionCode.trim() || null,
    customer: { countryCode: customer.countryCode, vatNumber: customer.vatNumber ?? null, isBusiness: customer.isBusiness },
  };
}

export function useDraftPricing(catalog: Catalog, draft: ClusterDraft, cycle: BillingCycle, now: number): DraftPricing {
  const immediate = useMemo(() => clientQuote(catalog, draft, cycle, now), [catalog, draft, cycle, now]);
  const client = useThrottledValue(immediate, PRICE_PANEL_THROTTLE_MS);
  const request = useMemo(() => draftQuoteRequest(draft, cycle), [draft, cycle]);
  const server = useServerQuote(request);
  const shown = server.status === 'success' ? server.quote : client.kind === 'quote' ? client.quote : null;
  return { client, server, shown };
}
