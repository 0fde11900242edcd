import type {
  FlavorCategory,
  HaControlPlane,
  MiddlewareCategory,
  OrderKind,
  PromotionKind,
  SupportChannel,
  SupportHours,
  SupportPricingKind,
  VersionClassification,
} from './catalog-admin-types';

/**
 * Labels of the catalogue's fixed choices. The server owns the lists (packages/db); a Record over
 * the API's own union types makes the compiler refuse a choice added there and missing here.
 */

export const HA_LABELS: Record<HaControlPlane, string> = {
  included: 'Included',
  optional: 'Optional, priced',
  unavailable: 'Unavailable',
};

export const FLAVOR_CATEGORY_LABELS: Record<FlavorCategory, string> = {
  general: 'General purpose',
  compute: 'Compute optimised',
  memory: 'Memory optimised',
  gpu: 'GPU',
};

export const VERSION_CLASSIFICATION_LABELS: Record<VersionClassification, string> = {
  preview: 'Preview',
  supported: 'Supported',
  deprecated: 'Deprecated',
};

/** The add-on categories are named as customers read them (the catalog feature's labels). */
export { ADDON_CATEGORY_LABELS } from '../catalog';

export const MIDDLEWARE_CATEGORY_LABELS: Record<MiddlewareCategory, string> = {
  database: 'Database',
  cache: 'Cache',
  streaming: 'Streaming',
  messaging: 'Messaging',
  search: 'Search',
  storage: 'Storage',
};

export const SUPPORT_CHANNEL_LABELS: Record<SupportChannel, string> = {
  ticket: 'Tickets',
  email: 'Email',
  chat: 'Chat',
  phone: 'Phone',
  'shared-channel': 'Shared Slack/Teams channel',
};

export const SUPPORT_HOURS_LABELS: Record<SupportHours, string> = {
  business: 'Business hours',
  '24x7': '24/7',
};

export const SUPPORT_PRICING_LABELS: Record<SupportPricingKind, string> = {
  fixed: 'Fixed monthly price',
  share: 'Share of monthly spend',
};

export const PROMOTION_KIND_LABELS: Record<PromotionKind, string> = {
  percent: 'Percentage',
  amount: 'Fixed amount',
};

export const ORDER_KIND_LABELS: Record<OrderKind, string> = {
  cluster: 'Clusters',
  addon: 'Add-ons',
  middleware: 'Middlewares',
  support: 'Support plans',
};

/** Select / MultiSelect data from a label map, in the map's order. */
export function optionsOf<K extends string>(labels: Record<K, string>): { value: K; label: string }[] {
  return (Object.keys(labels) as K[]).map((value) => ({ value, label: labels[value] }));
}

/** The map's keys, typed: the choices a field accepts. */
export function choicesOf<K extends string>(labels: Record<K, string>): [K, ...K[]] {
  return Object.keys(labels) as [K, ...K[]];
}
