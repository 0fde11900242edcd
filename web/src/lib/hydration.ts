import { useEffect } from 'react';

let pending: (() => void) | null = null;

/** main.tsx, for a prerendered page (ADR 17): what to do once the page's frame is hydrated. */
export function whenHydrated(callback: () => void): void {
  pending = callback;
}

/**
 * Mounted by the root route's layout, inside the router's Suspense boundary: its effect runs once
 * the header and the page's frame are hydrated, which the app's own root can be committed before.
 */
export function useHydrationSignal(): void {
  useEffect(() => {
    const callback = pending;
    pending = null;
    callback?.();
  }, []);
}
