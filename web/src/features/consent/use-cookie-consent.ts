import { useSyncExternalStore } from 'react';
import { browserConsentStore } from './consent-store';
import { effectiveChoices, needsConsent } from './consent-storage';
import type { ConsentChoices, ConsentRecord } from './consent-storage';

export interface CookieConsentState {
  record: ConsentRecord | null;
  /** What may be used now: all false until a current-version choice exists. */
  choices: ConsentChoices;
  /** True while the banner must be shown (no record, or a record of another version). */
  needsConsent: boolean;
  acceptAll: () => void;
  rejectAll: () => void;
  save: (choices: ConsentChoices) => void;
  reset: () => void;
}

export function useCookieConsent(): CookieConsentState {
  const store = browserConsentStore();
  const record = useSyncExternalStore(store.subscribe, store.getSnapshot);
  return {
    record,
    choices: effectiveChoices(record),
    needsConsent: needsConsent(record),
    acceptAll: store.acceptAll,
    rejectAll: store.rejectAll,
    save: store.save,
    reset: store.reset,
  };
}
