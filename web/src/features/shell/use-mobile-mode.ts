import { startTransition, useEffect, useState } from 'react';
import { isHydrating } from '../../lib/hydration';
import { isMobileOrTouchDevice, readDeviceSnapshot } from './mobile-mode';

// SPEC.md section 2: the decision is taken again whenever the window is resized or the device rotated.
const REEVALUATE_ON = ['resize', 'orientationchange'] as const;

function subscribe(onChange: () => void): () => void {
  for (const event of REEVALUATE_ON) window.addEventListener(event, onChange);
  return () => {
    for (const event of REEVALUATE_ON) window.removeEventListener(event, onChange);
  };
}

const isMobileNow = () => isMobileOrTouchDevice(readDeviceSnapshot());

/**
 * True in mobile/touch mode: floating menu button, sidebar as an overlay, no inline header navigation.
 * A prerendered page is the desktop markup, so while it hydrates this says "not mobile"; a phone's
 * mode then follows as a transition. (As an external store, the change was a synchronous update that
 * made React hydrate the rest of the page in one long task: about 400 ms under Lighthouse's mobile
 * emulation.) Resizing and rotating update it the same way.
 */
export function useMobileMode(): boolean {
  // Prerendering (no window) and hydrating: the desktop markup.
  const [mobile, setMobile] = useState(() => typeof window !== 'undefined' && !isHydrating() && isMobileNow());
  useEffect(() => {
    const update = () => startTransition(() => setMobile(isMobileNow()));
    update();
    return subscribe(update);
  }, []);
  return mobile;
}
