import { Box } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { lazy, Suspense, useLayoutEffect } from 'react';
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
/** The promotional bar's one-line height, used until its real height (it wraps on narrow screens) is measured. */
const PROMO_BAR_MIN_HEIGHT = 40;

/**
 * The frame of every page: the fixed header (with the promotional bar above it while shown), the
 * footer, the promotion side tab and the floating mobile menu. The signed-in layouts live inside.
 */
export function SiteShell({ children }: { children: ReactNode }) {
  useRootColorSchemeClass();
  useRouteChangeRefresh();
  const mobile = useMobileMode();
  const promo = usePromoBanner();
  const { ref: promoRef, height: measuredPromoHeight } = useElementSize();
  const promoHeight = promo.visible ? Math.max(measuredPromoHeight, PROMO_BAR_MIN_HEIGHT) : 0;

  const headerHeight = HEADER_BAR_HEIGHT + promoHeight;
  // Mantine's AppShell variables, which the sticky panels, the dashboard sidebar and the toasts read;
  // set before the first paint so nothing moves once it is shown.
  useLayoutEffect(() => {
    const root = document.documentElement.style;
    root.setProperty('--app-shell-header-height', `${headerHeight}px`);
    root.setProperty('--app-shell-header-offset', `${headerHeight}px`);
  }, [headerHeight]);

  return (
    // Not Mantine's AppShell: a header and a main column need no navbar machinery (scroll locking,
    // media styles), which would be a tenth of every page's first load.
    <>
      <header className={classes.header}>
        {promo.visible ? <PromoBanner ref={promoRef} onDismiss={promo.dismiss} /> : null}
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
