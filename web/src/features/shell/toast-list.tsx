import { TOAST_DEFAULT_DURATION_MS, TOAST_LIMIT } from '@kubemarket/shared';
import { Notifications, notifications } from '@mantine/notifications';
import { useRef } from 'react';
import type { PointerEvent as ReactPointerEvent } from 'react';
import classes from './notifications.module.css';
import { isSwipeDismissal, swipeOffset } from './toast-swipe';

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
 * The toasts themselves (docs/product/states.md and docs/product/constants.md), rendered inside ToastRegion. A swipe of 50 px to
 * the right dismisses one: Mantine's own drag and wheel dismissal (either direction, 35 % of the
 * width) is turned off in favour of it, and the toast follows the pointer with the CSS `translate`
 * property so it never fights Mantine's `transform`. The wrapper takes no box (`display: contents`);
 * the pointer events of the toasts inside still reach it.
 */
export function ToastList() {
  const dragRef = useRef<Drag | null>(null);

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
      style={{ display: 'contents' }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={(event) => endDrag(event, true)}
      onPointerCancel={(event) => endDrag(event, false)}
    >
      <Notifications
        position="top-right"
        limit={TOAST_LIMIT}
        autoClose={TOAST_DEFAULT_DURATION_MS}
        allowDragDismiss={false}
        allowScrollDismiss={false}
        withinPortal={false}
        classNames={{ root: classes.root, notification: classes.notification }}
      />
    </div>
  );
}
