import { useSyncExternalStore } from 'react';
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
const notMobileWithoutWindow = () => false;

/** True in mobile/touch mode: floating menu button, sidebar as an overlay, no inline header navigation. */
export function useMobileMode(): boolean {
  return useSyncExternalStore(subscribe, isMobileNow, notMobileWithoutWindow);
}
