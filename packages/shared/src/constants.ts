/** Business constants of docs/product/constants.md, shared by client and server. */

export const PRODUCT_NAME = 'KubeMarket';
/** BroadcastChannel name used to tell other tabs about a sign-out (docs/product/states.md#sign-in-and-sign-out). */
export const AUTH_BROADCAST_CHANNEL = 'kubemarket';

export const CURRENCIES = ['EUR', 'USD', 'GBP', 'CNY'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const BASE_CURRENCY: Currency = 'EUR';
export const CURRENCY_SYMBOLS: Record<Currency, string> = { EUR: '€', USD: '$', GBP: '£', CNY: '¥' };

export const BILLING_CYCLES = ['monthly', 'yearly'] as const;
export type BillingCycle = (typeof BILLING_CYCLES)[number];
export const DEFAULT_BILLING_CYCLE: BillingCycle = 'monthly';

export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'system';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

export const RATES_CACHE_MS = 10 * MINUTE;
export const RATES_TIMEOUT_MS = 5 * SECOND;
export const COOKIE_CONSENT_VERSION = '1.0.0';
export const CONSENT_SCROLL_AREA_PX = 400;

export const NOTIFICATION_POLL_MS = 10 * SECOND;
export const SOCKET_RECONNECT_MS = 5 * SECOND;
export const NOTIFICATIONS_INITIAL_VISIBLE = 5;
export const NOTIFICATIONS_STEP = 10;
export const NOTIFICATION_BADGE_CAP = 99;

export const SIDEBAR_COUNTS_REFETCH_MS = 30_000;
export const SIDEBAR_COUNTS_STALE_MS = 5_000;

export const TOAST_LIMIT = 3;
export const TOAST_REMOVE_DELAY_MS = 6 * SECOND;
export const TOAST_DEFAULT_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD = 50;
export const TOAST_HOTKEY = 'F8';

export const TOOLTIP_OPEN_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

export const LOGOUT_ATTEMPTS = 3;
export const AUTH_REDIRECT_DELAY_MS = 100;

export const MOBILE_BREAKPOINT_PX = 1024;
export const LOW_PRIORITY_PRELOAD_SCROLL_PX = 500;

export const CLUSTER_TIERS_CACHE_MS = 30 * MINUTE;
export const VERSION_CACHE_MS = 5 * MINUTE;
export const OFFICERS_ACCESS_CACHE_MS = 5 * MINUTE;
export const GET_CACHE_MS = 5 * MINUTE;
export const GET_CACHE_MAX_ENTRIES = 100;
export const GET_CACHE_PURGE_BATCH = 50;
export const QUERY_GC_MS = 30 * MINUTE;

/**
 * Four eyes on staff money (issue 29, ADR 25): what one administrator may grant alone. A credit
 * above the per-grant amount, or one that takes the administrator's own grants of the calendar
 * month (UTC) over the monthly amount, waits for another administrator's approval; nothing is
 * ever granted above the ceiling. EUR cents.
 */
export const STAFF_CREDIT_LIMITS = {
  alonePerGrantCents: 50_000,
  alonePerMonthCents: 200_000,
  ceilingPerGrantCents: 5_000_000,
} as const;

/**
 * Catalogue changes that move money, under four eyes (issue 29, ADR 27). A member of staff who
 * manages the catalogue makes these alone; above them the change waits for an administrator other
 * than the requester. A price cut loses us money on every sale and is the lever a colluding insider
 * pulls, so the bar is low; a rise only guards against a slipped digit (customers see rises in
 * advance on the schedule).
 */
export const STAFF_CATALOGUE_LIMITS = {
  /** A percentage promotion up to 20 % (basis points). */
  alonePromotionPercentBasisPoints: 2_000,
  /** An amount promotion up to €100. */
  alonePromotionAmountCents: 10_000,
  /** A price lowered by at most 10 % (basis points of the price in effect). */
  alonePriceCutBasisPoints: 1_000,
  /** A price raised by at most 100 %. */
  alonePriceRiseBasisPoints: 10_000,
  /**
   * Changes that give money away (a price cut, a promotion created, enlarged or put back) one
   * person makes alone in a calendar month (UTC), however small each is; past that, each waits
   * for another administrator.
   */
  aloneGiveawaysPerMonth: 10,
} as const;
