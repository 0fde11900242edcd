import { LOW_PRIORITY_PRELOAD_SCROLL_PX } from '@kubemarket/shared';

/**
 * docs/product/constants.md#layout-and-images: images load in three groups. "high" (the first screen) at once; "medium" once
 * the first screen's images have loaded and the browser is idle; "low" only after the window has
 * been scrolled past 500 px. A scroll that far releases the medium group too, so that no low image
 * is ever asked for before a medium one. The rules take their browser through `GateEnv`, so that
 * they are tested without one.
 */
export type ImagePriority = 'high' | 'medium' | 'low';

export interface GateEnv {
  scrollY(): number;
  /** Subscribes to scrolling; returns the unsubscribe. */
  onScroll(listener: () => void): () => void;
  /** Calls back once, when the first screen's images are in and the browser is idle; returns a cancel. */
  afterFirstScreen(listener: () => void): () => void;
}

const noop = (): void => undefined;

/** Calls `release` once an image of `priority` may be requested; returns a cancel. */
export function waitForGroup(priority: ImagePriority, env: GateEnv, release: () => void): () => void {
  const scrolledPast = () => env.scrollY() > LOW_PRIORITY_PRELOAD_SCROLL_PX;
  if (priority === 'high' || scrolledPast()) {
    release();
    return noop;
  }
  let settled = false;
  const cleanups: Array<() => void> = [];
  const cancel = () => {
    settled = true;
    for (const cleanup of cleanups.splice(0)) cleanup();
  };
  const fire = () => {
    if (settled) return;
    cancel();
    release();
  };
  cleanups.push(
    env.onScroll(() => {
      if (scrolledPast()) fire();
    }),
  );
  if (priority === 'medium') cleanups.push(env.afterFirstScreen(fire));
  // Either may have fired while it was being registered.
  if (settled) cancel();
  return cancel;
}

/** The images of the first screen still loading, as `afterFirstScreen` waits for them. */
const HIGH_IMAGES = 'img[data-image-priority="high"]';

function whenIdle(callback: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(callback, 200);
  return () => window.clearTimeout(handle);
}

/**
 * The window's scroll position as of its last scroll event or animation frame. Reading
 * `window.scrollY` in each image's effect, during React's commit, forced a layout of the whole page
 * there and then (about 110 ms of /pricing's hydration under Lighthouse's 4x CPU slowdown). The first
 * value is read in the next frame, which lays the page out anyway, and the waiting images hear of
 * it as of a scroll, so a restored or anchored position is seen without one.
 */
const scrollListeners = new Set<() => void>();
let knownScrollY = 0;
let trackingScroll = false;
function trackScroll() {
  if (trackingScroll) return;
  trackingScroll = true;
  const update = () => {
    knownScrollY = window.scrollY;
    for (const listener of [...scrollListeners]) listener();
  };
  window.addEventListener('scroll', update, { passive: true });
  window.requestAnimationFrame(update);
}

/** The page's window: the document's own load, then the high images rendered since, then idle time. */
export const browserGateEnv: GateEnv = {
  scrollY() {
    trackScroll();
    return knownScrollY;
  },
  onScroll(listener) {
    trackScroll();
    scrollListeners.add(listener);
    return () => scrollListeners.delete(listener);
  },
  afterFirstScreen(listener) {
    let cancelled = false;
    let cancelIdle = noop;
    const waitHighImages = () => {
      const pending = [...document.querySelectorAll<HTMLImageElement>(HIGH_IMAGES)].filter((image) => !image.complete);
      let left = pending.length;
      const done = () => {
        left -= 1;
        if (left <= 0 && !cancelled) cancelIdle = whenIdle(listener);
      };
      if (left === 0) cancelIdle = whenIdle(listener);
      for (const image of pending) {
        image.addEventListener('load', done, { once: true });
        image.addEventListener('error', done, { once: true });
      }
    };
    // Effects run after the commit: the page's high images are in the document by then.
    if (document.readyState === 'complete') waitHighImages();
    else window.addEventListener('load', waitHighImages, { once: true });
    return () => {
      cancelled = true;
      window.removeEventListener('load', waitHighImages);
      cancelIdle();
    };
  },
};
