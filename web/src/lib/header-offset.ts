import { useCallback, useRef } from 'react';

const OFFSET = '--app-shell-header-offset';

/** The elements that place themselves below the sticky header, and the header's height now. */
const below = new Set<HTMLElement>();
let offset: string | null = null;

/**
 * The sticky header's height (the promotional bar's included), as SiteShell measures it, written
 * on the few elements that place themselves below the header (`--app-shell-header-offset`: the
 * sidebar rail, the toasts, the price panels), not on the document's root: a new value there
 * restyled every element of the page as it hydrated (60-130 ms under a phone's CPU, ADR 54).
 */
export function setHeaderOffset(value: string): void {
  if (value === offset) return;
  offset = value;
  for (const element of below) element.style.setProperty(OFFSET, value);
}

/**
 * A ref for an element whose CSS reads `var(--app-shell-header-offset, 60px)`: it gets the header's
 * height as it mounts and whenever that changes (60 px, the bar's own height, until measured).
 */
export function useBelowHeader<T extends HTMLElement>(): (element: T | null) => void {
  const mounted = useRef<T | null>(null);
  return useCallback((element: T | null) => {
    if (mounted.current) below.delete(mounted.current);
    mounted.current = element;
    if (!element) return;
    below.add(element);
    if (offset) element.style.setProperty(OFFSET, offset);
  }, []);
}
