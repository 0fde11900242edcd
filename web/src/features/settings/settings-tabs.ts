/** The tabs of /settings, kept apart from the page so the route's search validation stays small. */
export const SETTINGS_TABS = ['security', 'api-tokens', 'team', 'activity', 'appearance'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];
