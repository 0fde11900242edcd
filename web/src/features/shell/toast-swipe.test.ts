import { describe, expect, it } from 'vitest';
import { isSwipeDismissal, swipeOffset } from './toast-swipe';

describe('toast swipe', () => {
  it('follows the pointer to the right only', () => {
    expect(swipeOffset({ deltaX: 30, deltaY: 4 })).toBe(30);
    expect(swipeOffset({ deltaX: -30, deltaY: 0 })).toBe(0);
  });

  it('dismisses from 50 px to the right', () => {
    expect(isSwipeDismissal({ deltaX: 49, deltaY: 0 })).toBe(false);
    expect(isSwipeDismissal({ deltaX: 50, deltaY: 0 })).toBe(true);
    expect(isSwipeDismissal({ deltaX: 120, deltaY: 10 })).toBe(true);
  });

  it('never dismisses to the left or on a mostly vertical drag', () => {
    expect(isSwipeDismissal({ deltaX: -80, deltaY: 0 })).toBe(false);
    expect(isSwipeDismissal({ deltaX: 60, deltaY: 90 })).toBe(false);
  });
});
