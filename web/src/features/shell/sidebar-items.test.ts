import { describe, expect, it } from 'vitest';
import { SIDEBAR_FOOTER_LINKS, sidebarEntriesFor } from './sidebar-items';
import type { SidebarEntry } from './sidebar-items';

function outline(entries: SidebarEntry[]): unknown[] {
  return entries.map((entry) =>
    entry.kind === 'link' ? entry.to : { [entry.label]: entry.links.map((link) => `${link.label} ${String(link.to)}`) },
  );
}

describe('sidebarEntriesFor', () => {
  it('lists the items (docs/product/screens.md#dashboard-sidebar) in order for a customer, without User Management', () => {
    expect(outline(sidebarEntriesFor('user'))).toEqual([
      '/dashboard',
      { Clusters: ['Configure New Cluster /configure-cluster', 'View All Clusters /my-clusters'] },
      '/add-ons',
      '/marketplace',
      {
        Orders: ['Clusters /orders/clusters', 'Add-ons /orders/addons', 'Middlewares /orders/products', 'Support /orders/support'],
      },
      '/billing',
      '/usage',
      '/price-estimator',
      '/settings',
    ]);
  });

  it('adds User Management before Settings for admin and super_admin only', () => {
    for (const role of ['admin', 'super_admin'] as const) {
      const paths = sidebarEntriesFor(role).flatMap((entry) => (entry.kind === 'link' ? [entry.to] : []));
      expect(paths.slice(-2)).toEqual(['/user-management', '/settings']);
    }
    const officerPaths = sidebarEntriesFor('officer').flatMap((entry) => (entry.kind === 'link' ? [entry.to] : []));
    expect(officerPaths).not.toContain('/user-management');
  });

  it('puts the counts on View All Clusters and on the Orders group', () => {
    const entries = sidebarEntriesFor('user');
    const clusters = entries.find((entry) => entry.kind === 'group' && entry.id === 'clusters');
    const orders = entries.find((entry) => entry.kind === 'group' && entry.id === 'orders');
    expect(clusters?.kind === 'group' && clusters.links.find((link) => link.badge)?.label).toBe('View All Clusters');
    expect(orders?.badge).toBe('orders');
  });
});

describe('SIDEBAR_FOOTER_LINKS', () => {
  it('has the French labels of docs/product/screens.md#dashboard-sidebar', () => {
    expect(SIDEBAR_FOOTER_LINKS.map((link) => [link.label, link.to])).toEqual([
      ['Tutoriels & Docs', '/tutorials'],
      ['Aide & Support', '/support'],
      ['Pricing', '/pricing'],
      ['Documentation', '/documentation'],
    ]);
  });
});
