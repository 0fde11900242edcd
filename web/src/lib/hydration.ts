import { useEffect } from 'react';

/**
 * The parts of a prerendered page (ADR 17) that must be hydrated before it counts as hydrated: the
 * frame (the root route's layout), the page in it, and the header's controls, which load as a chunk
 * of their own. Each reports with useHydrationSignal.
 */
export type HydrationPart = 'frame' | 'header-controls' | 'page';
/**
 * The page is reported by its route's component (router.ts): the root's Outlet hydrates it in a
 * Suspense boundary of its own, after the frame, and so does a signed-in page's layout (the
 * `_authenticated` route's pending boundary), which must still render the markup's desktop mode
 * then (useMobileMode), not a phone's.
 */
const HYDRATION_PARTS: readonly HydrationPart[] = ['frame', 'header-controls', 'page'];

let pending: (() => void) | null = null;
const hydrated = new Set<HydrationPart>();

/** main.tsx, for a prerendered page (or a console page the Worker rendered): what to do once every part of it is hydrated. */
export function whenHydrated(callback: () => void): void {
  pending = callback;
  hydrated.clear();
}

/** True from main.tsx's whenHydrated until the page is hydrated: render what the prerender did. */
export function isHydrating(): boolean {
  return pending !== null;
}

/**
 * Mounted by each part: its effect runs once that part is hydrated (the root layout's, inside the
 * router's Suspense boundary, once the header and the page's frame are, which the app's own root
 * can be committed before). The last part to report runs whenHydrated's callback: until then no
 * query fetches, and a click on the header's controls is not lost.
 */
export function useHydrationSignal(part: HydrationPart): void {
  useEffect(() => {
    if (!pending) return;
    hydrated.add(part);
    if (!HYDRATION_PARTS.every((each) => hydrated.has(each))) return;
    const callback = pending;
    pending = null;
    callback();
  }, [part]);
}
