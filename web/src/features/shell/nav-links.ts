import type { LinkTarget } from '../../components/router-links';

export interface NavLink {
  label: string;
  to: LinkTarget;
}

/** docs/product/screens.md#header, signed-out header. */
export const PUBLIC_NAV_LINKS: readonly NavLink[] = [
  { label: 'Home', to: '/' },
  { label: 'Pricing', to: '/pricing' },
  { label: 'Documentation', to: '/documentation' },
  { label: 'Tutorials', to: '/tutorials' },
];

const SUPPORT_LINK: NavLink = { label: 'Support', to: '/support' };

/** docs/product/screens.md#header: the signed-in header adds Support. */
export const SIGNED_IN_NAV_LINKS: readonly NavLink[] = [...PUBLIC_NAV_LINKS, SUPPORT_LINK];

/** docs/product/screens.md#mobile-menu: the mobile panel when signed out, ending with Login. */
export const MOBILE_PUBLIC_LINKS: readonly NavLink[] = [...PUBLIC_NAV_LINKS, { label: 'Login', to: '/auth' }];

/**
 * docs/product/screens.md#mobile-menu: the mobile panel when signed in. Officers Panel (only with officer access)
 * goes between Support and Settings, and Logout, an action, ends the list.
 */
export const MOBILE_SIGNED_IN_LINKS: readonly NavLink[] = [
  { label: 'Dashboard', to: '/dashboard' },
  { label: 'Home', to: '/' },
  { label: 'Documentation', to: '/documentation' },
  { label: 'Tutorials', to: '/tutorials' },
  SUPPORT_LINK,
];

export const OFFICERS_PANEL_LINK: NavLink = { label: 'Officers Panel', to: '/officers/panel' };
export const SETTINGS_LINK: NavLink = { label: 'Settings', to: '/settings' };
