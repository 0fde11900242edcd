import { useSyncExternalStore } from 'react';
import { browserConsentStore } from './consent-store';
import type { ConsentStore } from './consent-store';
import { notKnownYet } from './consent-snapshot';
import { effectiveChoices, needsConsent } from './consent-storage';
import type { ConsentChoices, ConsentRecord } from './consent-storage';

export interface CookieConsentState {
  record: ConsentRecord | null;
  /** What may be used now: all false until a current-version choice exists. */
  choices: ConsentChoices;
  /**
   * True while the banner must be shown (no record, or a record of another version). False while
   * the record is not known yet: a page prerendered at build (or being hydrated) shows no banner.
   */
  needsConsent: boolean;
  acceptAll: () => void;
  rejectAll: () => void;
  save: (choices: ConsentChoices) => void;
  reset: () => void;
}

/** Rendering ahead of time (no browser): nothing is stored, nothing is known. */
const noBrowserStore: Pick<ConsentStore, 'subscribe' | 'acceptAll' | 'rejectAll' | 'save' | 'reset'> & { getSnapshot: () => ConsentRecord | null | undefined } = {
  subscribe: () => () => undefined,
  getSnapshot: notKnownYet,
  acceptAll: () => undefined,
  rejectAll: () => undefined,
  save: () => undefined,
  reset: () => undefined,
};

export function useCookieConsent(): CookieConsentState {
  const store = typeof window === 'undefined' ? noBrowserStore : browserConsentStore();
  const known = useSyncExternalStore<ConsentRecord | null | undefined>(store.subscribe, store.getSnapshot, notKnownYet);
  const record = known ?? null;
  return {
    record,
    choices: effectiveChoices(record),
    needsConsent: known !== undefined && needsConsent(record),
    acceptAll: store.acceptAll,
    rejectAll: store.rejectAll,
    save: store.save,
    reset: store.reset,
  };
}
