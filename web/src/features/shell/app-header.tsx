import { Group } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { useCurrentUser } from '../auth';
import classes from './app-header.module.css';
import { BrandMark } from './brand-mark';
import { PUBLIC_NAV_LINKS, SIGNED_IN_NAV_LINKS } from './nav-links';
import { useMobileMode } from './use-mobile-mode';

const HeaderActions = lazy(() => import('./header-actions').then((module) => ({ default: module.HeaderActions })));

/**
 * docs/product/screens.md#header: the site header. In mobile/touch mode the navigation moves to the floating
 * menu button (MobileMenu) and the brand keeps only its mark. The brand and the controls share the
 * space either side of the navigation equally, so the navigation does not move when the controls
 * (a chunk of their own) appear.
 */
export function AppHeader() {
  const { data: user, isPending } = useCurrentUser();
  const mobile = useMobileMode();
  const navLinks = user ? SIGNED_IN_NAV_LINKS : PUBLIC_NAV_LINKS;

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <div className={classes.side}>
        <Link to="/" className={classes.brand} aria-label="KubeMarket home">
          <BrandMark />
          {mobile ? null : 'KubeMarket'}
        </Link>
      </div>

      {mobile ? null : (
        <Group gap={4} component="nav" aria-label="Main" wrap="nowrap">
          {navLinks.map((link) => (
            <Link key={link.to} to={link.to} className={classes.link} activeOptions={{ exact: link.to === '/' }}>
              {link.label}
            </Link>
          ))}
        </Group>
      )}

      <div className={classes.side} data-align="end">
        <Suspense fallback={null}>
          <HeaderActions user={user} isPending={isPending} />
        </Suspense>
      </div>
    </Group>
  );
}
