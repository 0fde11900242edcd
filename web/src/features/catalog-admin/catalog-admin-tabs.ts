/** The tabs of the staff catalogue pages, kept apart from the pages so the routes' search validation stays small. */
export const MANAGE_CLUSTERS_TABS = ['tiers', 'flavors', 'versions', 'regions'] as const;
export type ManageClustersTab = (typeof MANAGE_CLUSTERS_TABS)[number];

export const MANAGE_SUPPORT_TABS = ['plans', 'promotions'] as const;
export type ManageSupportTab = (typeof MANAGE_SUPPORT_TABS)[number];

/** The tab named by the address, when it is one of `tabs`. */
export function tabFrom<T extends string>(tabs: readonly T[], value: unknown): T | undefined {
  return tabs.find((tab) => tab === value);
}

/** A route's validateSearch for a tabbed page: `?tab=` kept when it is one of `tabs`. */
export function tabSearch<T extends string>(tabs: readonly T[]) {
  return (search: Record<string, unknown>): { tab?: T } => {
    const tab = tabFrom(tabs, search.tab);
    return tab ? { tab } : {};
  };
}
