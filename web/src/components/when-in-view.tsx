import { useIntersection } from '@mantine/hooks';
import { useState } from 'react';
import type { ReactNode } from 'react';

/** How far beyond the visible part of the page a section starts rendering: once any of it shows. */
const IN_VIEW_MARGIN = '0px';

interface WhenInViewProps {
  /** Shown until the section comes near: as large as what replaces it, so nothing moves. */
  placeholder: ReactNode;
  children: ReactNode;
  /**
   * How far below the visible part of the page the section starts rendering (`100%`: a screen
   * ahead), so that a visitor scrolling down finds it rendered rather than watches it render.
   */
  ahead?: `${number}px` | `${number}%`;
}

/**
 * Renders its children once their place scrolls into view (IN_VIEW_MARGIN), and from then on.
 * For a costly section below the first screen (the usage chart on a phone, about 110 ms of main
 * thread on this machine): the page is usable sooner, and nothing is spent on what nobody scrolls
 * to. On a screen tall enough to show it, it renders at once.
 */
export function WhenInView({ placeholder, children, ahead }: WhenInViewProps) {
  const { ref, entry } = useIntersection<HTMLDivElement>({ rootMargin: ahead ? `0px 0px ${ahead} 0px` : IN_VIEW_MARGIN });
  const [reached, setReached] = useState(false);
  if (!reached && entry?.isIntersecting) setReached(true);
  return reached ? children : <div ref={ref}>{placeholder}</div>;
}
