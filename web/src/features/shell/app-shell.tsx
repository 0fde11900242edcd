import { Box } from '@mantine/core';
import { lazyRouteComponent } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { PromoBanner, PromoSideTab, usePromoBanner } from '../marketing';
import { AppHeader } from './app-header';
import { setHeaderOffset } from '../../lib/header-offset';
import { useRootColorSchemeClass } from './root-color-scheme-class';
import classes from './site-shell.module.css';
import { useMobileMode } from './use-mobile-mode';
import { useRouteChangeRefresh } from './use-route-change-refresh';

// Below the fold on every page: the footer's columns load after the page's own content is painted.
// A prerendered page has its markup already: main.tsx loads its code before hydrating
// (preloadSiteShell), so that it hydrates with the rest, before any query may fetch. (React.lazy
// would still suspend once, and the footer hydrate after the data arrived, with other links.)
const AppFooter = lazyRouteComponent(() => import('./app-footer'), 'AppFooter');

/** The code of the frame's lazy parts present in a prerendered page. */
export function preloadSiteShell(): Promise<void> {
  return AppFooter.preload?.() ?? Promise.resolve();
}

// Only in mobile/touch mode: its popover and navigation links load when that mode is on.
const MobileMenu = lazy(() => import('./mobile-menu').then((module) => ({ default: module.MobileMenu })));

const HEADER_BAR_HEIGHT = 60;

/**
 * The frame of every page: the sticky header (with the promotional bar above it while shown), the
 * footer, the promotion side tab and the floating mobile menu. The signed-in layouts live inside.
 */
export function SiteShell({ children }: { children: ReactNode }) {
  useRootColorSchemeClass();
  useRouteChangeRefresh();
  const mobile = useMobileMode();
  const promo = usePromoBanner();
  const headerRef = useRef<HTMLElement>(null);
  // The header's height, which the sticky sidebar rail, the toasts and the price panels place
  // themselves below (setHeaderOffset: on those elements only). The header is sticky, in the page's
  // flow: the content starts below it at whatever height the promotional bar wraps to. The
  // ResizeObserver's first report comes after the browser's own layout and before the first paint,
  // then on every change of size; measuring in the effect instead forced a layout of the whole page
  // in the middle of React's commit (85 ms of /pricing's hydration under Lighthouse's 4x CPU slowdown).
  useEffect(() => {
    const header = headerRef.current;
    if (!header) return;
    const observer = new ResizeObserver(([entry]) => setHeaderOffset(`${entry!.borderBoxSize[0]!.blockSize}px`));
    observer.observe(header);
    return () => observer.disconnect();
  }, []);

  return (
    // Not Mantine's AppShell: a header and a main column need no navbar machinery (scroll locking,
    // media styles), which would be a tenth of every page's first load.
    <>
      <header ref={headerRef} className={classes.header}>
        {promo.visible ? <PromoBanner onDismiss={promo.dismiss} /> : null}
        <Box h={HEADER_BAR_HEIGHT}>
          <AppHeader />
        </Box>
      </header>
      <main className={classes.main}>
        <div className={classes.content}>{children}</div>
        <footer className={classes.footer}>
          <Suspense fallback={null}>
            <AppFooter />
          </Suspense>
        </footer>
      </main>
      {promo.visible ? null : <PromoSideTab onRestore={promo.restore} />}
      {mobile ? (
        <Suspense fallback={null}>
          <MobileMenu />
        </Suspense>
      ) : null}
    </>
  );
}
