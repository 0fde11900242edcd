import { TOAST_HOTKEY, TOAST_LIMIT } from '@kubemarket/shared';
import { notificationsStore, useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import classes from './notifications.module.css';
import { useBelowHeader } from '../../lib/header-offset';
import { useMergedRef } from '@mantine/hooks';

// The toasts' renderer (transitions, portal, close buttons) is not needed to paint a page: it loads
// once the browser is idle after the first render, or at once when a toast is shown before that.
// Toasts shown meanwhile wait in @mantine/notifications' store and appear when it is in.
// The store's own limit is 5 until <Notifications limit> mounts with the renderer: toasts shown
// before that would all count as visible. The limit applies from the first one (docs/product/constants.md#toasts).
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

/**
 * The one toast system of the app (docs/product/states.md and docs/product/constants.md): at most 3 toasts, 5000 ms by default,
 * F8 moves focus to them, and a swipe of 50 px to the right dismisses one (ToastList, loaded with the
 * toasts' renderer).
 */
export function ToastRegion() {
  const regionRef = useRef<HTMLDivElement>(null);
  const ref = useMergedRef(regionRef, useBelowHeader<HTMLDivElement>());
  const needed = useToastsNeeded();

  // F8 alone, as Mantine's useHotkeys would take it (outside text fields), without its parser of
  // key combinations: 0.9 KiB gzip of every page's first load for one key.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (event.key !== TOAST_HOTKEY || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (target && (['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || target.isContentEditable)) return;
      event.preventDefault();
      regionRef.current?.focus();
    };
    document.documentElement.addEventListener('keydown', onKeyDown);
    return () => document.documentElement.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <div
      ref={ref}
      role="region"
      aria-label={`Notifications (${TOAST_HOTKEY})`}
      tabIndex={-1}
      className={classes.region}
      data-testid="toast-region"
    >
      {needed ? (
        <Suspense fallback={null}>
          <ToastList />
        </Suspense>
      ) : null}
    </div>
  );
}
