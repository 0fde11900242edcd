import { MOBILE_BREAKPOINT_PX } from '@kubemarket/shared';

/** What the browser tells us about the device, read at one moment (see readDeviceSnapshot). */
export interface DeviceSnapshot {
  userAgent: string;
  screenWidth: number;
  screenHeight: number;
  windowWidth: number;
  /** navigator.maxTouchPoints, or 0 where the browser does not say. */
  maxTouchPoints: number;
  /** Whether the window takes touch events ('ontouchstart' in window). */
  touchEvents: boolean;
  devicePixelRatio: number;
}

const MOBILE_USER_AGENT = /Android|webOS|iPhone|iPad|iPod|BlackBerry|BB10|IEMobile|Opera Mini|Windows Phone|Kindle|Silk|Mobile/i;

/** From this pixel ratio up a screen counts as "high density" (phones and tablets, also Retina laptops). */
export const HIGH_PIXEL_RATIO = 2;
/**
 * Long side over short side up to this counts as near-square: tablets (4:3 is 1.33, 10:7 is 1.43)
 * are below it, laptop and desktop screens (16:10 is 1.6, 16:9 is 1.78) above it.
 */
export const NEAR_SQUARE_ASPECT_RATIO = 1.45;

function isNearSquare(width: number, height: number): boolean {
  const long = Math.max(width, height);
  const short = Math.min(width, height);
  return short > 0 && long / short <= NEAR_SQUARE_ASPECT_RATIO;
}

/**
 * docs/product/screens.md#mobile-menu: mobile/touch mode is decided by the user agent, a screen or window width up to
 * 1024 px, touch support, or a high pixel ratio on a near-square screen.
 */
export function isMobileOrTouchDevice(device: DeviceSnapshot): boolean {
  if (MOBILE_USER_AGENT.test(device.userAgent)) return true;
  if (device.screenWidth <= MOBILE_BREAKPOINT_PX || device.windowWidth <= MOBILE_BREAKPOINT_PX) return true;
  if (device.touchEvents || device.maxTouchPoints > 0) return true;
  return device.devicePixelRatio >= HIGH_PIXEL_RATIO && isNearSquare(device.screenWidth, device.screenHeight);
}

export function readDeviceSnapshot(): DeviceSnapshot {
  return {
    userAgent: navigator.userAgent,
    screenWidth: window.screen.width,
    screenHeight: window.screen.height,
    windowWidth: window.innerWidth,
    maxTouchPoints: navigator.maxTouchPoints || 0,
    touchEvents: 'ontouchstart' in window,
    devicePixelRatio: window.devicePixelRatio || 1,
  };
}
