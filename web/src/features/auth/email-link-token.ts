/**
 * Emailed links carry their single-use token in the fragment (`/magic-link#token=…`), which
 * browsers never send to a server, a proxy log or a Referer. Older links had it in the query
 * (`?token=…`): both are read, and both are taken out of the address at once.
 */

export interface LinkAddress {
  pathname: string;
  /** Query string, with or without its leading '?'. */
  search: string;
  /** Fragment, with or without its leading '#'. */
  hash: string;
}

const TOKEN_PARAM = 'token';

function params(part: string, prefix: '?' | '#'): URLSearchParams {
  return new URLSearchParams(part.startsWith(prefix) ? part.slice(1) : part);
}

function tokenIn(part: string, prefix: '?' | '#'): string | null {
  const value = params(part, prefix).get(TOKEN_PARAM)?.trim();
  return value ? value : null;
}

/** The token of an emailed link: from the fragment, else from a legacy `?token=` query. */
export function readEmailLinkToken(address: Pick<LinkAddress, 'search' | 'hash'>): string | null {
  return tokenIn(address.hash, '#') ?? tokenIn(address.search, '?');
}

export function hasEmailLinkToken(address: Pick<LinkAddress, 'search' | 'hash'>): boolean {
  return params(address.hash, '#').has(TOKEN_PARAM) || params(address.search, '?').has(TOKEN_PARAM);
}

function without(part: string, prefix: '?' | '#'): string {
  const rest = params(part, prefix);
  if (!rest.has(TOKEN_PARAM)) return part.startsWith(prefix) || part === '' ? part : `${prefix}${part}`;
  rest.delete(TOKEN_PARAM);
  const text = rest.toString();
  return text ? `${prefix}${text}` : '';
}

/** The same address with the token removed from the query and the fragment; anything else is kept. */
export function addressWithoutToken(address: LinkAddress): string {
  return `${address.pathname}${without(address.search, '?')}${without(address.hash, '#')}`;
}
