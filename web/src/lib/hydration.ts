import { useEffect } from 'react';

/**
 * The parts of a prerendered page (ADR 17) that must be hydrated before it counts as hydrated: the
 * frame (the root route's layout), the page in it, and the header's controls, which load as a chunk
 * of their own. Each reports with useHydrationSignal.
 */
export type HydrationPart = 'frame' | 'header-controls' | 'page' | 'dashboard-layout';
/** The page itself too (router.ts): the root's Outlet hydrates it in a Suspense boundary of its own, after the frame. */
const HYDRATION_PARTS: readonly HydrationPart[] = ['frame', 'header-controls', 'page'];
/**
 * A console page the Worker rendered (ADR 0045) waits for its dashboard layout as well: when a part
 * of the page suspends while hydrating, React hydrates the layout after the frame, and the layout
 * must still render the markup's desktop mode then (useMobileMode), not a phone's.
 */
const CONSOLE_PAGE_PARTS: readonly HydrationPart[] = [...HYDRATION_PARTS, 'dashboard-layout'];

let pending: (() => void) | null = null;
let parts = HYDRATION_PARTS;
const hydrated = new Set<HydrationPart>();

/** main.tsx, for a prerendered page (or a console page the Worker rendered): what to do once every part of it is hydrated. */
export function whenHydrated(callback: () => void, { consolePage = false }: { consolePage?: boolean } = {}): void {
  pending = callback;
  parts = consolePage ? CONSOLE_PAGE_PARTS : HYDRATION_PARTS;
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
    if (!parts.every((each) => hydrated.has(each))) return;
    const callback = pending;
    pending = null;
    callback();
  }, [part]);
}
