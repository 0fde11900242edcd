// The route's validateSearch reads this at startup: it imports nothing, so the page's code stays in its own chunk.
export const ORGANIZATIONS_TABS = ['organizations', 'activity'] as const;
export type OrganizationsTab = (typeof ORGANIZATIONS_TABS)[number];
