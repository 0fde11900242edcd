import type { ConsentRecord } from './consent-storage';

/**
 * The server snapshot: undefined (not known: no banner) as a page prerendered at build has it, or
 * null (no record: the banner shows) for a page the Worker rendered for a visitor whose cookies
 * record no choice (ADR 0045), from the render (inConsentScope) to the hydration of that page
 * (renderedWithoutConsentRecord).
 */
let serverRecord: null | undefined;
export const notKnownYet = (): ConsentRecord | null | undefined => serverRecord;

/** main.tsx: this page was rendered with the banner (#root's data-no-consent); its hydration renders it too. */
export function renderedWithoutConsentRecord(): void {
  serverRecord = null;
}

/** Runs a synchronous render on the server for a visitor with (false) or without (true) a recorded choice. */
export function inConsentScope<T>(noRecord: boolean, render: () => T): T {
  const previous = serverRecord;
  serverRecord = noRecord ? null : undefined;
  try {
    return render();
  } finally {
    serverRecord = previous;
  }
}
