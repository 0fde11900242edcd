import { describe, expect, it } from 'vitest';
import { isMobileOrTouchDevice } from './mobile-mode';
import type { DeviceSnapshot } from './mobile-mode';

const DESKTOP: DeviceSnapshot = {
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
  screenWidth: 1920,
  screenHeight: 1080,
  windowWidth: 1600,
  maxTouchPoints: 0,
  touchEvents: false,
  devicePixelRatio: 1,
};

describe('isMobileOrTouchDevice', () => {
  it('keeps a wide desktop without touch in desktop mode', () => {
    expect(isMobileOrTouchDevice(DESKTOP)).toBe(false);
  });

  it('recognises phones and tablets by their user agent', () => {
    const agents = [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
      'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36',
      'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/604.1',
    ];
    for (const userAgent of agents) expect(isMobileOrTouchDevice({ ...DESKTOP, userAgent })).toBe(true);
  });

  it('switches at a window or screen width of 1024 px and below', () => {
    expect(isMobileOrTouchDevice({ ...DESKTOP, windowWidth: 1025 })).toBe(false);
    expect(isMobileOrTouchDevice({ ...DESKTOP, windowWidth: 1024 })).toBe(true);
    expect(isMobileOrTouchDevice({ ...DESKTOP, windowWidth: 390 })).toBe(true);
    expect(isMobileOrTouchDevice({ ...DESKTOP, screenWidth: 1024, screenHeight: 600 })).toBe(true);
  });

  it('treats any touch support as touch mode', () => {
    expect(isMobileOrTouchDevice({ ...DESKTOP, maxTouchPoints: 10 })).toBe(true);
    expect(isMobileOrTouchDevice({ ...DESKTOP, touchEvents: true })).toBe(true);
  });

  it('treats a high pixel ratio on a near-square screen as a tablet', () => {
    const tablet = { ...DESKTOP, screenWidth: 1366, screenHeight: 1024, devicePixelRatio: 2 };
    expect(isMobileOrTouchDevice(tablet)).toBe(true);
    expect(isMobileOrTouchDevice({ ...tablet, screenWidth: 1024, screenHeight: 1366 })).toBe(true);
  });

  it('does not treat a high-density widescreen laptop as a tablet', () => {
    expect(isMobileOrTouchDevice({ ...DESKTOP, screenWidth: 1728, screenHeight: 1117, devicePixelRatio: 2 })).toBe(false);
    expect(isMobileOrTouchDevice({ ...DESKTOP, screenWidth: 1280, screenHeight: 1024, devicePixelRatio: 1 })).toBe(false);
  });
});
