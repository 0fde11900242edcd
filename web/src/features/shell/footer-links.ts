import { FALLBACK_CLUSTER_TYPE_LINKS, clusterTypeFromTierName, tierDisplayName } from '@kubemarket/shared';
import type { ClusterType } from '@kubemarket/shared';
import type { NavLink } from './nav-links';

export interface ClusterTypeLink {
  key: string;
  label: string;
  type: ClusterType;
}

/**
 * docs/product/screens.md#footer: one link per loaded tier, to the page of the cluster type its name maps to and
 * labelled without a trailing parenthesised part; the seven fixed links while no tiers are loaded.
 */
export function clusterTypeLinks(tiers: ReadonlyArray<{ id: string; name: string }> | undefined): ClusterTypeLink[] {
  if (!tiers || tiers.length === 0) {
    return FALLBACK_CLUSTER_TYPE_LINKS.map((link) => ({ key: `fallback-${link.type}`, label: link.label, type: link.type }));
  }
  return tiers.map((tier) => ({ key: tier.id, label: tierDisplayName(tier.name), type: clusterTypeFromTierName(tier.name) }));
}

/** A footer link: its words and the page it opens, as the header's links. */
export type FooterLink = NavLink;

/** docs/product/screens.md#footer: the other footer links. */
export const FOOTER_COMPANY_LINKS: readonly FooterLink[] = [
  { label: 'About', to: '/about' },
  { label: 'Data centers', to: '/data-centers' },
  { label: 'Newsletter', to: '/newsletter' },
  { label: 'Contact', to: '/contact' },
];

export const FOOTER_LEGAL_LINKS: readonly FooterLink[] = [
  { label: 'Privacy policy', to: '/privacy-policy' },
  { label: 'Terms of service', to: '/terms' },
  { label: 'Cookie policy', to: '/cookie-policy' },
];
