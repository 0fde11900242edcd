import type { LinkTarget } from '../../components/router-links';
import type { SessionUser } from '../auth';

export type SidebarIcon =
  | 'dashboard'
  | 'clusters'
  | 'configure'
  | 'cluster-list'
  | 'add-ons'
  | 'marketplace'
  | 'orders'
  | 'cluster-orders'
  | 'add-on-orders'
  | 'middleware-orders'
  | 'support-orders'
  | 'billing'
  | 'usage'
  | 'price-estimator'
  | 'user-management'
  | 'settings'
  | 'tutorials'
  | 'support'
  | 'pricing'
  | 'documentation';

/** Which of the sidebar counts (docs/product/entities.md#sidebar-counts) an entry shows as a badge. */
export type SidebarBadge = 'clusters' | 'orders';

export interface SidebarLink {
  kind: 'link';
  label: string;
  to: LinkTarget;
  icon: SidebarIcon;
  badge?: SidebarBadge;
}

export interface SidebarGroup {
  kind: 'group';
  id: 'clusters' | 'orders';
  label: string;
  icon: SidebarIcon;
  badge?: SidebarBadge;
  links: readonly SidebarLink[];
}

export type SidebarEntry = SidebarLink | SidebarGroup;

type Role = SessionUser['role'];

/** docs/product/roles.md: only these roles see User Management. */
const USER_MANAGEMENT_ROLES: readonly Role[] = ['admin', 'super_admin'];

/** docs/product/screens.md#dashboard-sidebar: the groups that start expanded (all of them). */
export const SIDEBAR_GROUPS_EXPANDED_BY_DEFAULT: readonly SidebarGroup['id'][] = ['clusters', 'orders'];

/** The dashboard sidebar of docs/product/screens.md#dashboard-sidebar, in order, for a user of `role`. */
export function sidebarEntriesFor(role: Role): SidebarEntry[] {
  const entries: SidebarEntry[] = [
    { kind: 'link', label: 'Dashboard', to: '/dashboard', icon: 'dashboard' },
    {
      kind: 'group',
      id: 'clusters',
      label: 'Clusters',
      icon: 'clusters',
      links: [
        { kind: 'link', label: 'Configure New Cluster', to: '/configure-cluster', icon: 'configure' },
        { kind: 'link', label: 'View All Clusters', to: '/my-clusters', icon: 'cluster-list', badge: 'clusters' },
      ],
    },
    { kind: 'link', label: 'Add-ons', to: '/add-ons', icon: 'add-ons' },
    { kind: 'link', label: 'Marketplace', to: '/marketplace', icon: 'marketplace' },
    {
      kind: 'group',
      id: 'orders',
      label: 'Orders',
      icon: 'orders',
      badge: 'orders',
      links: [
        { kind: 'link', label: 'Clusters', to: '/orders/clusters', icon: 'cluster-orders' },
        { kind: 'link', label: 'Add-ons', to: '/orders/addons', icon: 'add-on-orders' },
        { kind: 'link', label: 'Middlewares', to: '/orders/products', icon: 'middleware-orders' },
        { kind: 'link', label: 'Support', to: '/orders/support', icon: 'support-orders' },
      ],
    },
    { kind: 'link', label: 'Billing', to: '/billing', icon: 'billing' },
    { kind: 'link', label: 'Usage', to: '/usage', icon: 'usage' },
    { kind: 'link', label: 'Price Estimator', to: '/price-estimator', icon: 'price-estimator' },
  ];
  if (USER_MANAGEMENT_ROLES.includes(role)) {
    entries.push({ kind: 'link', label: 'User Management', to: '/user-management', icon: 'user-management' });
  }
  entries.push({ kind: 'link', label: 'Settings', to: '/settings', icon: 'settings' });
  return entries;
}

/** docs/product/screens.md#dashboard-sidebar: the links at the foot of the sidebar. */
export const SIDEBAR_FOOTER_LINKS: readonly SidebarLink[] = [
  { kind: 'link', label: 'Tutoriels & Docs', to: '/tutorials', icon: 'tutorials' },
  { kind: 'link', label: 'Aide & Support', to: '/support', icon: 'support' },
  { kind: 'link', label: 'Pricing', to: '/pricing', icon: 'pricing' },
  { kind: 'link', label: 'Documentation', to: '/documentation', icon: 'documentation' },
];
