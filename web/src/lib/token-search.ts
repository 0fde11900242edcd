export interface TokenSearch {
  token?: string;
}

/** Search params of pages opened from an email link: `?token=...`. */
export function validateTokenSearch(search: Record<string, unknown>): TokenSearch {
  return typeof search.token === 'string' && search.token.trim() ? { token: search.token.trim() } : {};
}
