import type { LinkProps } from '@tanstack/react-router';

type LinkTarget = NonNullable<LinkProps['to']>;

export interface NavLink {
  label: string;
  to: LinkTarget;
}

/**
 * SPEC.md section 2, signed-out header. Pricing, Documentation and Tutorials get their routes in
 * their own issues and meanwhile resolve to the not-found page; their paths are asserted because the
 * generated route tree does not list them yet. Remove the assertions once those routes exist.
 */
export const PUBLIC_NAV_LINKS: readonly NavLink[] = [
  { label: 'Home', to: '/' },
  { label: 'Pricing', to: '/pricing' as LinkTarget },
  { label: 'Documentation', to: '/documentation' as LinkTarget },
  { label: 'Tutorials', to: '/tutorials' as LinkTarget },
];

/** SPEC.md section 2: the signed-in header adds Support (asserted like the links above until /support exists). */
export const SIGNED_IN_NAV_LINKS: readonly NavLink[] = [...PUBLIC_NAV_LINKS, { label: 'Support', to: '/support' as LinkTarget }];
