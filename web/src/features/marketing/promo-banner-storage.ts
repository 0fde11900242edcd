import { readItem, removeItems, writeItem } from '../../lib/browser-storage';
import type { KeyValueStorage } from '../../lib/browser-storage';
import { STORAGE_KEYS } from '../../lib/storage-keys';

/** docs/product/screens.md#promotional-banner: the promotion the banner advertises. */
export const PROMO_CODE = 'PARIS';
export const PROMO_DISCOUNT_PERCENT = 5;
/** How long the copy button shows its copied state, and how long the copy toast stays. */
export const PROMO_COPIED_STATE_MS = 2000;
export const PROMO_COPY_TOAST_MS = 3000;

const DISMISSED = 'true';

/** Dismissal lasts for the browser session: pass session storage. */
export function isPromoBannerDismissed(storage: KeyValueStorage | null): boolean {
  return readItem(storage, STORAGE_KEYS.promoBannerDismissed) === DISMISSED;
}

export function dismissPromoBanner(storage: KeyValueStorage | null): void {
  writeItem(storage, STORAGE_KEYS.promoBannerDismissed, DISMISSED);
}

/** The side tab brings the bar back and forgets the dismissal. */
export function restorePromoBanner(storage: KeyValueStorage | null): void {
  removeItems(storage, [STORAGE_KEYS.promoBannerDismissed]);
}
