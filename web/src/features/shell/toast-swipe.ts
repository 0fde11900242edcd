import { TOAST_SWIPE_THRESHOLD } from '@kubemarket/shared';

export interface SwipeMovement {
  deltaX: number;
  deltaY: number;
}

/** How far the toast follows the pointer: only to the right, the one dismiss direction (docs/product/constants.md#toasts). */
export function swipeOffset({ deltaX }: SwipeMovement): number {
  return Math.max(0, deltaX);
}

/** A release dismisses the toast once it was dragged right by the threshold, more sideways than up or down. */
export function isSwipeDismissal({ deltaX, deltaY }: SwipeMovement): boolean {
  return deltaX >= TOAST_SWIPE_THRESHOLD && Math.abs(deltaX) > Math.abs(deltaY);
}
