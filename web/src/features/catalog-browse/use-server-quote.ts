import type { AppRouter } from '@kubemarket/api';
import type { OrderLine, Quote } from '@kubemarket/shared';
import { useMutation } from '@tanstack/react-query';
import type { inferRouterInputs } from '@trpc/server';
import { useEffect, useMemo, useState } from 'react';
import { useTRPCClient } from '../../lib/trpc';

export type QuoteRequest = inferRouterInputs<AppRouter>['quotes']['create'];

/** The engine's order lines as the request carries them. */
export function quoteRequestLines(lines: readonly OrderLine[]): QuoteRequest['lines'] {
  return lines.map((line): QuoteRequest['lines'][number] => {
    switch (line.kind) {
      case 'cluster':
        return {
          ...line,
          nodePools: line.nodePools.map((pool) => ({ ...pool, autoscale: pool.autoscale ? { ...pool.autoscale } : null })),
          addonIds: [...line.addonIds],
        };
      case 'addon':
        return { ...line, existingAddonIds: [...line.existingAddonIds] };
      default:
        return { ...line };
    }
  });
}

/** How long the estimate must stay unchanged before the server is asked (keystrokes, spinners). */
export const SERVER_QUOTE_DEBOUNCE_MS = 400;

export type ServerQuoteState =
  | { status: 'idle' }
  /** The server has not answered for the current estimate yet. */
  | { status: 'pending' }
  /**
   * The server's quote. When it refused the promotion code outright (unknown, expired, already
   * used), `promotionError` says why and the quote is the order without the code.
   */
  | { status: 'success'; quote: Quote; promotionError: string | null }
  | { status: 'error'; message: string };

/** The server's answers that refuse a promotion code itself rather than the order (quotes service). */
export function isPromotionRefusal(message: string): boolean {
  return /^Unknown promotion code\b/.test(message) || /^Promotion code \S+:/.test(message);
}

interface ServerAnswer {
  quote: Quote;
  promotionError: string | null;
}

/**
 * The authoritative quote (POST /api/quotes) of the current request, asked for once the request has
 * stayed the same for a moment. An answer for an older request is never reported as current. A
 * refused promotion code is reported, and the order quoted without it, so the total stays the server's.
 */
export function useServerQuote(request: QuoteRequest | null): ServerQuoteState {
  const client = useTRPCClient();
  const key = useMemo(() => (request ? JSON.stringify(request) : null), [request]);
  const [debouncedKey, setDebouncedKey] = useState<string | null>(null);
  const { mutate, data, error, variables, isPending } = useMutation({
    mutationFn: async (body: QuoteRequest): Promise<ServerAnswer> => {
      try {
        return { quote: await client.quotes.create.mutate(body), promotionError: null };
      } catch (failure) {
        if (!body.promotionCode || !(failure instanceof Error) || !isPromotionRefusal(failure.message)) throw failure;
        return { quote: await client.quotes.create.mutate({ ...body, promotionCode: null }), promotionError: failure.message };
      }
    },
  });

  useEffect(() => {
    const timer = setTimeout(() => setDebouncedKey(key), SERVER_QUOTE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [key]);

  useEffect(() => {
    if (debouncedKey === null) return;
    mutate(JSON.parse(debouncedKey) as QuoteRequest);
  }, [debouncedKey, mutate]);

  if (key === null) return { status: 'idle' };
  const answered = variables !== undefined && JSON.stringify(variables) === key && !isPending;
  if (!answered) return { status: 'pending' };
  if (error) return { status: 'error', message: error.message };
  return data ? { status: 'success', quote: data.quote, promotionError: data.promotionError } : { status: 'pending' };
}
