import { startTransition, useEffect, useState } from 'react';
import { isHydrating } from '../../lib/hydration';
import { isMobileOrTouchDevice, readDeviceSnapshot } from './mobile-mode';

// docs/product/screens.md#mobile-menu: the decision is taken again whenever the window is resized or the device rotated.
const REEVALUATE_ON = ['resize', 'orientationchange'] as const;

/**
 * The mode read from the device once, then again only when it may change (a resize or rotation
 * while a component listens). Reading the window's and screen's sizes makes the browser bring
 * style and layout up to date first: read by every useMobileMode as its effect ran, right after a
 * page hydrated or rendered, that was a whole page's style and layout again and again, in the same
 * task (120-180 ms of the longest task of /billing and /my-clusters rendered in the browser, traced
 * on a 4× slower CPU: ADR 49).
 */
let known: boolean | undefined;
const isMobileNow = () => (known ??= isMobileOrTouchDevice(readDeviceSnapshot()));

type Setter = (mobile: boolean) => void;
/** The state setter of every mounted useMobileMode. */
const setters = new Set<Setter>();

/**
 * One listener for the whole page, which hands the new mode to every component in one transition.
 * With a listener per component, the browser runs microtasks between listeners, so each listener's
 * transition got a lane of its own and React could commit the header's change a frame before the
 * shell's: the inline navigation and the floating menu button were both on screen for that frame.
 */
function onDeviceChange(): void {
  known = undefined;
  const mobile = isMobileNow();
  startTransition(() => {
    for (const set of setters) set(mobile);
  });
}

function subscribe(set: Setter): () => void {
  if (setters.size === 0) for (const event of REEVALUATE_ON) window.addEventListener(event, onDeviceChange);
  setters.add(set);
  return () => {
    setters.delete(set);
    if (setters.size > 0) return;
    for (const event of REEVALUATE_ON) window.removeEventListener(event, onDeviceChange);
    // Nothing listens for a change any more: the next component reads the device again.
    known = undefined;
  };
}

/**
 * True in mobile/touch mode: floating menu button, sidebar as an overlay, no inline header navigation.
 * A prerendered page is the desktop markup, so while it hydrates this says "not mobile"; a phone's
 * mode then follows as a transition. (As an external store, the change was a synchronous update that
 * made React hydrate the rest of the page in one long task: about 400 ms under Lighthouse's mobile
 * emulation.) Resizing and rotating update it the same way, every component in the same commit.
 */
export function useMobileMode(): boolean {
  // Prerendering (no window) and hydrating: the desktop markup.
  const [mobile, setMobile] = useState(() => typeof window !== 'undefined' && !isHydrating() && isMobileNow());
  useEffect(() => {
    // The components mounted in one commit run these effects in one go, so their transitions share a lane.
    startTransition(() => setMobile(isMobileNow()));
    return subscribe(setMobile);
  }, []);
  return mobile;
}
