import { TOAST_HOTKEY, TOAST_LIMIT } from '@kubemarket/shared';
import { useHotkeys } from '@mantine/hooks';
import { notifications, notificationsStore, useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { PointerEvent as ReactPointerEvent } from 'react';
import classes from './notifications.module.css';
import { isSwipeDismissal, swipeOffset } from './toast-swipe';

// The toasts' renderer (transitions, portal, close buttons) is not needed to paint a page: it loads
// once the browser is idle after the first render, or at once when a toast is shown before that.
// Toasts shown meanwhile wait in @mantine/notifications' store and appear when it is in.
// The store's own limit is 5 until <Notifications limit> mounts with the renderer: toasts shown
// before that would all count as visible. SPEC.md's limit applies from the first one.
notificationsStore.setState({ ...notificationsStore.getState(), limit: TOAST_LIMIT });

const ToastList = lazy(() => import('./toast-list').then((module) => ({ default: module.ToastList })));

function useToastsNeeded(): boolean {
  const queued = useNotifications().notifications.length > 0;
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (idle) return;
    const whenIdle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 1));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = whenIdle(() => setIdle(true), { timeout: 3000 });
    return () => cancel(handle);
  }, [idle]);
  return idle || queued;
}

/** Movement before a press becomes a drag, so a click on the close button stays a click. */
const DRAG_SLOP_PX = 5;

interface Drag {
  pointerId: number;
  element: HTMLElement;
  startX: number;
  startY: number;
  dragging: boolean;
}

function movementOf(drag: Drag, event: ReactPointerEvent) {
  return { deltaX: event.clientX - drag.startX, deltaY: event.clientY - drag.startY };
}

function settle(element: HTMLElement) {
  delete element.dataset.swiping;
  element.style.removeProperty('translate');
}

/**
 * The one toast system of the app (SPEC.md sections 4 and 9): at most 3 toasts, 5000 ms by default,
 * F8 moves focus to them, and a swipe of 50 px to the right dismisses one. Mantine's own drag and
 * wheel dismissal (either direction, 35 % of the width) is turned off in favour of that swipe, which
 * moves the toast with the CSS `translate` property so it never fights Mantine's `transform`.
 */
export function ToastRegion() {
  const regionRef = useRef<HTMLDivElement>(null);
  const dragRef = useRef<Drag | null>(null);
  const needed = useToastsNeeded();

  useHotkeys([[TOAST_HOTKEY, () => regionRef.current?.focus()]], []);

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (!event.isPrimary || event.button !== 0 || !(event.target instanceof Element)) return;
    const element = event.target.closest<HTMLElement>(`.${classes.notification}`);
    if (!element) return;
    dragRef.current = { pointerId: event.pointerId, element, startX: event.clientX, startY: event.clientY, dragging: false };
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const drag = dragRef.current;
    if (!drag || drag.pointerId !== event.pointerId) return;
    const movement = movementOf(drag, event);
    if (!drag.dragging) {
      if (Math.hypot(movement.deltaX, movement.deltaY) < DRAG_SLOP_PX) return;
      drag.dragging = true;
      drag.element.dataset.swiping = '';
      drag.element.setPointerCapture(event.pointerId);
    }
    drag.element.style.translate = `${swipeOffset(movement)}px 0`;
  };

  const endDrag = (event: ReactPointerEvent<HTMLDivElement>, released: boolean) => {
    const drag = dragRef.current;
    if (!drag || drag.pointerId !== event.pointerId) return;
    dragRef.current = null;
    if (!drag.dragging) return;
    if (released && isSwipeDismissal(movementOf(drag, event)) && drag.element.id) {
      delete drag.element.dataset.swiping;
      notifications.hide(drag.element.id);
      return;
    }
    settle(drag.element);
  };

  return (
    <div
      ref={regionRef}
      role="region"
      aria-label={`Notifications (${TOAST_HOTKEY})`}
      tabIndex={-1}
      className={classes.region}
      data-testid="toast-region"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={(event) => endDrag(event, true)}
      onPointerCancel={(event) => endDrag(event, false)}
    >
      {needed ? (
        <Suspense fallback={null}>
          <ToastList />
        </Suspense>
      ) : null}
    </div>
  );
}
