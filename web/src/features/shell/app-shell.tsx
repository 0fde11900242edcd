import { Box } from '@mantine/core';
import { lazy, Suspense, useLayoutEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { PromoBanner, PromoSideTab, usePromoBanner } from '../marketing';
import { AppHeader } from './app-header';
import { useRootColorSchemeClass } from './root-color-scheme-class';
import classes from './site-shell.module.css';
import { useMobileMode } from './use-mobile-mode';
import { useRouteChangeRefresh } from './use-route-change-refresh';

// Below the fold on every page: the footer's columns load after the page's own content is painted.
const AppFooter = lazy(() => import('./app-footer').then((module) => ({ default: module.AppFooter })));

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
  // Mantine's AppShell variables, which the sticky panels, the dashboard sidebar and the toasts read.
  // The header is sticky, in the page's flow: the content starts below it at whatever height the
  // promotional bar wraps to, so nothing moves when that height is known. Measured before the first
  // paint, then on every change of size.
  useLayoutEffect(() => {
    const header = headerRef.current;
    if (!header) return;
    const publish = () => {
      const height = `${header.getBoundingClientRect().height}px`;
      const root = document.documentElement.style;
      root.setProperty('--app-shell-header-height', height);
      root.setProperty('--app-shell-header-offset', height);
    };
    publish();
    const observer = new ResizeObserver(publish);
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
