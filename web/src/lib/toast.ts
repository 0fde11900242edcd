import type { MantineColor } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';

/**
 * docs/product/states.md#toasts: the five toast variants. Every toast of the app goes through Mantine's
 * notifications store (this helper, or `notifications.show` with one of these colours), so the
 * limit of 3, the 5000 ms default duration, swipe and the F8 hotkey of <ToastRegion> apply to all.
 */
export type ToastVariant = 'default' | 'success' | 'destructive' | 'warning' | 'info';

export const TOAST_VARIANT_COLORS: Record<ToastVariant, MantineColor> = {
  default: 'gray',
  success: 'green',
  destructive: 'red',
  warning: 'yellow',
  info: 'blue',
};

export interface ToastInput {
  title: ReactNode;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds before it closes by itself; the region's default (5000 ms) when left out. */
  duration?: number;
}

export interface ShownToast {
  id: string;
  dismiss: () => void;
  update: (next: ToastInput) => void;
}

function notificationData({ title, description, variant = 'default', duration }: ToastInput) {
  // Mantine needs a message: a toast with only a title shows it as the message.
  const text = description === undefined ? { title: undefined, message: title } : { title, message: description };
  return { ...text, color: TOAST_VARIANT_COLORS[variant], autoClose: duration, 'data-variant': variant };
}

/**
 * Shows a toast and returns handles to update or dismiss it. Dismissing (by the close button, a
 * swipe, `dismiss()` or the timer) takes it out of the store at once and unmounts it after the
 * exit transition: Mantine has no separate "dismissed but kept" stage, so the rule "removed 6 s
 * after dismissal" (docs/product/states.md#toasts) has nothing left to remove by then, and an update after dismissal is ignored.
 */
export function toast(input: ToastInput): ShownToast {
  const id = notifications.show(notificationData(input));
  return {
    id,
    dismiss: () => notifications.hide(id),
    update: (next) => notifications.update({ id, ...notificationData(next) }),
  };
}
