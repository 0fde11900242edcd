import CATEGORIES from './cookie-categories.json';

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

/** The categories in the order the banner, the dialog and the cookie policy list them, written in cookie-categories.json. */
export const COOKIE_CATEGORIES = CATEGORIES as readonly CookieCategory[];
