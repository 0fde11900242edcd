/** The four cookie categories of docs/product/entities.md and docs/product/states.md. */
export const CONSENT_CATEGORY_IDS = ['necessary', 'functional', 'analytics', 'marketing'] as const;
export type ConsentCategoryId = (typeof CONSENT_CATEGORY_IDS)[number];
export type OptionalCategoryId = Exclude<ConsentCategoryId, 'necessary'>;

export interface CookieExample {
  /** Cookie or storage entry name. */
  name: string;
  /** Who sets it. */
  provider: string;
  purpose: string;
  duration: string;
}

/** docs/product/entities.md#client-side-records: id, title, description, examples, required flag. */
export interface CookieCategory {
  id: ConsentCategoryId;
  title: string;
  description: string;
  examples: readonly CookieExample[];
  required: boolean;
}

export const COOKIE_CATEGORIES: readonly CookieCategory[] = [
  {
    id: 'necessary',
    title: 'Strictly necessary',
    description:
      'Needed for the site to work and to keep it secure: signing in, protecting forms against cross-site request forgery, and remembering the choices you make on this page and in your display preferences. They cannot be switched off.',
    required: true,
    examples: [
      { name: '__Host-km_session', provider: 'KubeMarket', purpose: 'Keeps you signed in to the console.', duration: 'Until you sign out: 7 days without activity, 30 days at most' },
      { name: '__Host-km_csrf', provider: 'KubeMarket', purpose: 'Proves that forms are sent from our own pages.', duration: 'Browser session' },
      { name: 'cookieConsent', provider: 'KubeMarket (local storage)', purpose: 'Records the cookie choices you made here.', duration: 'Until you reset them' },
      { name: 'theme, currency, billingCycle', provider: 'KubeMarket (local storage)', purpose: 'Your display preferences.', duration: 'Until you change them' },
      { name: 'exchangeRates_v1', provider: 'KubeMarket (local storage)', purpose: 'Caches exchange rates used to show prices in your currency.', duration: '10 minutes' },
    ],
  },
  {
    id: 'functional',
    title: 'Functional',
    description:
      'Remember optional conveniences so you do not have to set them again, such as the state of the support chat and embedded tutorial videos. Without them the site works, with a few more clicks.',
    required: false,
    examples: [
      { name: 'km_chat_state', provider: 'KubeMarket', purpose: 'Keeps the support chat window open across pages.', duration: '24 hours' },
      { name: 'km_tutorial_progress', provider: 'KubeMarket (local storage)', purpose: 'Remembers which tutorial steps you completed.', duration: '1 year' },
      { name: 'VISITOR_INFO1_LIVE', provider: 'YouTube (privacy-enhanced mode)', purpose: 'Plays embedded tutorial videos at a suitable bandwidth.', duration: '6 months' },
    ],
  },
  {
    id: 'analytics',
    title: 'Analytics',
    description:
      'Help us understand which pages are read and where visitors get stuck, in aggregated form, so we can improve documentation and the ordering flow. No analytics cookie is set until you allow this category.',
    required: false,
    examples: [
      { name: '_ga', provider: 'Google Analytics', purpose: 'Distinguishes visitors for aggregated statistics.', duration: '2 years' },
      { name: '_ga_<container-id>', provider: 'Google Analytics', purpose: 'Keeps the state of a visit.', duration: '2 years' },
      { name: '_gid', provider: 'Google Analytics', purpose: 'Distinguishes visitors within one day.', duration: '24 hours' },
      { name: '_pk_id, _pk_ses', provider: 'Matomo', purpose: 'Counts visits and page views.', duration: '13 months / 30 minutes' },
    ],
  },
  {
    id: 'marketing',
    title: 'Marketing',
    description:
      'Measure the effect of our campaigns and show you relevant KubeMarket offers on other sites. They may be set by advertising partners. No marketing cookie is set until you allow this category.',
    required: false,
    examples: [
      { name: '_gcl_au', provider: 'Google Ads', purpose: 'Measures conversions from ad clicks.', duration: '90 days' },
      { name: '_fbp', provider: 'Meta', purpose: 'Measures and targets advertising.', duration: '90 days' },
      { name: 'hubspotutk, __hstc, __hssc, __hssrc', provider: 'HubSpot', purpose: 'Links form submissions and visits for our sales team.', duration: 'Up to 6 months' },
      { name: 'li_fat_id', provider: 'LinkedIn', purpose: 'Measures conversions from LinkedIn campaigns.', duration: '30 days' },
    ],
  },
];
