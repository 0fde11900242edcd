/** Why an order cannot be quoted; each is a 400 with the error's message. */
export type QuoteErrorCode =
  | 'invalid_line'
  | 'invalid_country'
  | 'unknown_tier'
  | 'region_not_offered'
  | 'ha_unavailable'
  | 'no_node_pools'
  | 'invalid_pool_name'
  | 'duplicate_pool_name'
  | 'unknown_flavor'
  | 'flavor_not_offered'
  | 'invalid_count'
  | 'invalid_autoscale'
  | 'too_many_nodes'
  | 'too_many_pools'
  | 'unknown_addon'
  | 'duplicate_addon'
  | 'addon_incompatible'
  | 'addon_requires'
  | 'addon_conflict'
  | 'addon_already_installed'
  | 'unknown_plan';

/**
 * A validation error of the pricing engine: `code` for programs, `message` for the customer, and the
 * position of the offending order line (null when the problem is not in a line, e.g. the country).
 */
export class QuoteError extends Error {
  override readonly name = 'QuoteError';
  readonly code: QuoteErrorCode;
  readonly lineIndex: number | null;

  constructor(code: QuoteErrorCode, message: string, lineIndex: number | null) {
    super(message);
    this.code = code;
    this.lineIndex = lineIndex;
  }
}

export function isQuoteError(error: unknown): error is QuoteError {
  return error instanceof QuoteError;
}
