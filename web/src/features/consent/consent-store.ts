import { CONSENT_COOKIE, COOKIE_CONSENT_VERSION } from '@kubemarket/shared';
import { localStore } from '../../lib/browser-storage';
import { setRenderCookie } from '../../lib/render-cookies';
import type { KeyValueStorage } from '../../lib/browser-storage';
import { deleteRefusedCookies } from './cookie-cleanup';
import type { CookieJar } from './cookie-cleanup';
import {
  ALL_ACCEPTED,
  ALL_REJECTED,
  CONSENT_STORAGE_KEY,
  clearConsentRecord,
  createConsentRecord,
  effectiveChoices,
  needsConsent,
  readConsentRecord,
  writeConsentRecord,
} from './consent-storage';
import type { ConsentChoices, ConsentRecord } from './consent-storage';

export interface ConsentStoreDeps {
  storage: () => KeyValueStorage | null;
  now: () => number;
  cookies: CookieJar;
  location: () => { hostname: string; pathname: string };
}

export interface ConsentStore {
  getSnapshot: () => ConsentRecord | null;
  subscribe: (listener: () => void) => () => void;
  acceptAll: () => void;
  rejectAll: () => void;
  save: (choices: ConsentChoices) => void;
  /** Clears the record: the banner shows again and optional cookies are removed until a new choice. */
  reset: () => void;
  /** Deletes the cookies of every category that is not currently allowed. */
  enforce: () => void;
  /** Re-reads the record after another tab changed it. */
  reload: () => void;
}

export function createConsentStore(deps: ConsentStoreDeps): ConsentStore {
  let record = readConsentRecord(deps.storage());
  const listeners = new Set<() => void>();

  const enforce = () => {
    const { hostname, pathname } = deps.location();
    deleteRefusedCookies(deps.cookies, effectiveChoices(record), hostname, pathname);
  };
  const update = (next: ConsentRecord | null) => {
    record = next;
    if (next) writeConsentRecord(deps.storage(), next);
    else clearConsentRecord(deps.storage());
    enforce();
    for (const listener of listeners) listener();
  };
  const choose = (choices: ConsentChoices) => update(createConsentRecord(choices, deps.now()));

  return {
    getSnapshot: () => record,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    acceptAll: () => choose(ALL_ACCEPTED),
    rejectAll: () => choose(ALL_REJECTED),
    save: (choices) => choose(choices),
    reset: () => update(null),
    enforce,
    reload() {
      const next = readConsentRecord(deps.storage());
      if (JSON.stringify(next) === JSON.stringify(record)) return;
      record = next;
      enforce();
      for (const listener of listeners) listener();
    },
  };
}

let browserStore: ConsentStore | null = null;

/** The one store of this page, bound to local storage and document.cookie; follows other tabs. */
export function browserConsentStore(): ConsentStore {
  if (!browserStore) {
    const store = createConsentStore({
      storage: localStore,
      now: Date.now,
      cookies: document,
      location: () => window.location,
    });
    // The Worker's renders show the banner exactly when this cookie does not say a choice was made.
    const recordInCookie = () => setRenderCookie(CONSENT_COOKIE, needsConsent(store.getSnapshot()) ? null : COOKIE_CONSENT_VERSION);
    recordInCookie();
    store.subscribe(recordInCookie);
    window.addEventListener('storage', (event) => {
      if (event.key === null || event.key === CONSENT_STORAGE_KEY) store.reload();
    });
    browserStore = store;
  }
  return browserStore;
}
