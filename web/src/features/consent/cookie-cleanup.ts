import type { ConsentChoices } from './consent-storage';

/**
 * Cookies deleted when a category is refused: exact names and name prefixes. Here rather than with
 * the categories' descriptions (consent-categories.ts), which only the dialog and the cookie policy
 * need: this runs on every page, the descriptions stay out of the first load.
 */
export const CATEGORY_COOKIES: Record<'analytics' | 'marketing', { names: readonly string[]; prefixes: readonly string[] }> = {
  analytics: {
    names: ['_ga', '_gid', '_gat', '_pk_id', '_pk_ses', '_pk_ref', '_hjid', '_clck', '_clsk'],
    prefixes: ['_ga_', '_gat_', '_pk_', '_hj'],
  },
  marketing: {
    names: ['_fbp', '_fbc', '_gcl_au', '_gcl_aw', '_gcl_dc', 'hubspotutk', '__hstc', '__hssc', '__hssrc', 'li_fat_id', '_uetsid', '_uetvid', '_ttp'],
    prefixes: ['_gcl_', '__hs'],
  },
};

/** The part of `document` cookie deletion needs, so tests can pass a fake. */
export interface CookieJar {
  cookie: string;
}

export function cookieNames(cookieHeader: string): string[] {
  return cookieHeader
    .split(';')
    .map((part) => part.split('=')[0]?.trim() ?? '')
    .filter(Boolean);
}

export function matchesCategory(name: string, category: keyof typeof CATEGORY_COOKIES): boolean {
  const { names, prefixes } = CATEGORY_COOKIES[category];
  return names.includes(name) || prefixes.some((prefix) => name.startsWith(prefix));
}

/**
 * Domains a third-party script may have set a cookie on: none (host-only), the host and each
 * parent domain with a leading dot (".www.example.eu", ".example.eu"), never the bare TLD.
 */
export function cookieDomains(hostname: string): Array<string | null> {
  const domains: Array<string | null> = [null];
  if (!hostname || /^[\d.]+$/.test(hostname) || hostname.includes(':')) return domains;
  const labels = hostname.split('.');
  for (let index = 0; index < labels.length - 1; index += 1) {
    const domain = labels.slice(index).join('.');
    domains.push(domain, `.${domain}`);
  }
  return domains;
}

/** Expires one cookie on every path prefix and domain it may have been set with. */
export function expireCookie(jar: CookieJar, name: string, hostname: string, pathname = '/'): void {
  const segments = pathname.split('/').filter(Boolean);
  const paths = ['/', ...segments.map((_, index) => `/${segments.slice(0, index + 1).join('/')}`)];
  for (const domain of cookieDomains(hostname)) {
    for (const path of paths) {
      jar.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; max-age=0; path=${path}${domain ? `; domain=${domain}` : ''}`;
    }
  }
}

/**
 * docs/product/states.md#cookie-consent: analytics and marketing cookies are deleted when their category is refused.
 * Returns the names it expired.
 */
export function deleteRefusedCookies(jar: CookieJar, choices: ConsentChoices, hostname: string, pathname = '/'): string[] {
  const refused = (['analytics', 'marketing'] as const).filter((category) => !choices[category]);
  if (refused.length === 0) return [];
  const names = cookieNames(jar.cookie).filter((name) => refused.some((category) => matchesCategory(name, category)));
  for (const name of names) expireCookie(jar, name, hostname, pathname);
  return names;
}
