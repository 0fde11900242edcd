import { describe, expect, it } from 'vitest';
import { LOW_PRIORITY_PRELOAD_SCROLL_PX } from '@kubemarket/shared';
import { waitForGroup } from './image-priority';
import type { GateEnv, ImagePriority } from './image-priority';

/** A window whose scroll position and "first screen done" moment the test decides. */
function fakeEnv(initialScroll = 0) {
  let scroll = initialScroll;
  const scrollListeners = new Set<() => void>();
  const firstScreenListeners = new Set<() => void>();
  const env: GateEnv = {
    scrollY: () => scroll,
    onScroll(listener) {
      scrollListeners.add(listener);
      return () => scrollListeners.delete(listener);
    },
    afterFirstScreen(listener) {
      firstScreenListeners.add(listener);
      return () => firstScreenListeners.delete(listener);
    },
  };
  return {
    env,
    scrollTo(y: number) {
      scroll = y;
      for (const listener of [...scrollListeners]) listener();
    },
    firstScreenDone() {
      for (const listener of [...firstScreenListeners]) listener();
    },
    listeners: () => scrollListeners.size + firstScreenListeners.size,
  };
}

function watch(priority: ImagePriority, env: GateEnv) {
  const released = { count: 0 };
  const cancel = waitForGroup(priority, env, () => {
    released.count += 1;
  });
  return { released, cancel };
}

describe('image groups', () => {
  it('releases a high image at once, without listening to anything', () => {
    const window = fakeEnv();
    expect(watch('high', window.env).released.count).toBe(1);
    expect(window.listeners()).toBe(0);
  });

  it('holds a medium image until the first screen is done, then releases it once and stops listening', () => {
    const window = fakeEnv();
    const medium = watch('medium', window.env);
    window.scrollTo(100);
    expect(medium.released.count).toBe(0);
    window.firstScreenDone();
    window.firstScreenDone();
    window.scrollTo(800);
    expect(medium.released.count).toBe(1);
    expect(window.listeners()).toBe(0);
  });

  it('holds a low image after the first screen, and releases it only past 500 px of scrolling', () => {
    const window = fakeEnv();
    const low = watch('low', window.env);
    window.firstScreenDone();
    window.scrollTo(LOW_PRIORITY_PRELOAD_SCROLL_PX);
    expect(low.released.count).toBe(0);
    window.scrollTo(LOW_PRIORITY_PRELOAD_SCROLL_PX + 1);
    expect(low.released.count).toBe(1);
    window.scrollTo(1200);
    expect(low.released.count).toBe(1);
    expect(window.listeners()).toBe(0);
  });

  it('releases the medium group with the low one when the visitor scrolls past 500 px first', () => {
    const window = fakeEnv();
    const medium = watch('medium', window.env);
    const low = watch('low', window.env);
    window.scrollTo(600);
    expect([medium.released.count, low.released.count]).toEqual([1, 1]);
    window.firstScreenDone();
    expect(medium.released.count).toBe(1);
  });

  it('releases every group at once on a page opened already scrolled past 500 px', () => {
    const window = fakeEnv(900);
    expect(watch('low', window.env).released.count).toBe(1);
    expect(watch('medium', window.env).released.count).toBe(1);
    expect(window.listeners()).toBe(0);
  });

  it('never releases an image whose wait was cancelled (it left the page)', () => {
    const window = fakeEnv();
    const medium = watch('medium', window.env);
    const low = watch('low', window.env);
    medium.cancel();
    low.cancel();
    expect(window.listeners()).toBe(0);
    window.firstScreenDone();
    window.scrollTo(700);
    expect([medium.released.count, low.released.count]).toEqual([0, 0]);
  });

  it('copes with a first screen already done when the wait starts', () => {
    const env: GateEnv = {
      scrollY: () => 0,
      onScroll: () => () => undefined,
      afterFirstScreen(listener) {
        listener();
        return () => undefined;
      },
    };
    expect(watch('medium', env).released.count).toBe(1);
  });
});
