import { AppShell, Box } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { PromoBanner, PromoSideTab, usePromoBanner } from '../marketing';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { MobileMenu } from './mobile-menu';
import { useRootColorSchemeClass } from './root-color-scheme-class';
import { useRouteChangeRefresh } from './use-route-change-refresh';

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
  const promo = usePromoBanner();
  const { ref: promoRef, height: measuredPromoHeight } = useElementSize();
  const promoHeight = promo.visible ? Math.max(measuredPromoHeight, PROMO_BAR_MIN_HEIGHT) : 0;

  return (
    <AppShell header={{ height: HEADER_BAR_HEIGHT + promoHeight }} padding={0}>
      <AppShell.Header>
        {promo.visible ? <PromoBanner ref={promoRef} onDismiss={promo.dismiss} /> : null}
        <Box h={HEADER_BAR_HEIGHT}>
          <AppHeader />
        </Box>
      </AppShell.Header>
      <AppShell.Main style={{ display: 'flex', flexDirection: 'column' }}>
        <Box style={{ flex: 1 }}>{children}</Box>
        <Box component="footer" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
          <AppFooter />
        </Box>
      </AppShell.Main>
      {promo.visible ? null : <PromoSideTab onRestore={promo.restore} />}
      <MobileMenu />
    </AppShell>
  );
}
