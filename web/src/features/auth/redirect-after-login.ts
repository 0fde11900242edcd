import { readItem, removeItems, writeItem } from '../../lib/browser-storage';
import type { KeyValueStorage } from '../../lib/browser-storage';
import { STORAGE_KEYS } from '../../lib/storage-keys';

/** Where signed-in users land when no page asked for them (docs/product/screens.md#signed-in-layouts). */
export const DEFAULT_SIGNED_IN_PATH = '/dashboard';
export const SIGN_IN_PATH = '/auth';

export interface LocationParts {
  pathname: string;
  /** Query string with or without its leading '?'. */
  search?: string;
  /** Fragment with or without its leading '#'. */
  hash?: string;
}

/** Path, query and hash of a location as one string, e.g. "/settings?tab=security#sessions". */
export function locationToPath({ pathname, search = '', hash = '' }: LocationParts): string {
  const query = search.replace(/^\?/, '');
  const fragment = hash.replace(/^#/, '');
  return `${pathname}${query ? `?${query}` : ''}${fragment ? `#${fragment}` : ''}`;
}

const PROBE_ORIGIN = 'https://kubemarket.invalid';

/**
 * Only a path of this site may be a redirect target: a stored value is page-controlled input, and
 * "//evil.example" or "https://evil.example" would send a freshly signed-in user elsewhere.
 * The sign-in page itself is refused so signing in never loops back to it.
 */
export function isSafeRedirectPath(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return false;
  let url: URL;
  try {
    url = new URL(path, PROBE_ORIGIN);
  } catch {
    return false;
  }
  if (url.origin !== PROBE_ORIGIN) return false;
  return url.pathname !== SIGN_IN_PATH && !url.pathname.startsWith(`${SIGN_IN_PATH}/`);
}

export function saveRedirectAfterLogin(storage: KeyValueStorage | null, path: string): void {
  if (isSafeRedirectPath(path)) writeItem(storage, STORAGE_KEYS.redirectAfterLogin, path);
}

/** Reads and forgets the saved target: it serves one sign-in only. */
export function takeRedirectAfterLogin(storage: KeyValueStorage | null): string | null {
  const path = readItem(storage, STORAGE_KEYS.redirectAfterLogin);
  removeItems(storage, [STORAGE_KEYS.redirectAfterLogin]);
  return path && isSafeRedirectPath(path) ? path : null;
}
