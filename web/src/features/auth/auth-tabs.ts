/** The tabs of /auth, kept apart from the page so the route's search validation stays small. */
export const AUTH_TABS = ['sign-in', 'register'] as const;
export type AuthTab = (typeof AUTH_TABS)[number];
