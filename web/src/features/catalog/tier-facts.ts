import type { HaControlPlaneMode } from '@kubemarket/shared';
import type { AddonCategory, CatalogMiddlewarePlan } from './catalog-types';

/** 9995 -> "99.95%"; null -> "No SLA". */
export function slaLabel(basisPoints: number | null): string {
  if (basisPoints === null) return 'No SLA';
  return `${(basisPoints / 100).toFixed(2).replace(/\.?0+$/, '')}%`;
}

export const HA_LABELS: Record<HaControlPlaneMode, string> = {
  included: 'Included',
  optional: 'Optional',
  unavailable: 'Not available',
};

/** "30 min", "4 h", "1 day", "2 days". */
export function responseTimeLabel(minutes: number | null): string {
  if (minutes === null) return 'No target';
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 24 * 60) {
    const hours = minutes / 60;
    return `${Number.isInteger(hours) ? hours : hours.toFixed(1)} h`;
  }
  const days = minutes / (24 * 60);
  const rounded = Number.isInteger(days) ? days : Number(days.toFixed(1));
  return `${rounded} ${rounded === 1 ? 'day' : 'days'}`;
}

/** The add-on categories by name, over the API's own union: one the server adds fails to compile here. */
export const ADDON_CATEGORY_LABELS: Record<AddonCategory, string> = {
  monitoring: 'Monitoring',
  logging: 'Logging',
  backup: 'Backup',
  certificates: 'Certificates',
  ingress: 'Ingress',
  'service-mesh': 'Service mesh',
  policy: 'Policy',
  security: 'Security',
  gitops: 'GitOps',
  autoscaling: 'Autoscaling',
  secrets: 'Secrets',
  gpu: 'GPU',
  ai: 'AI',
};

/** Every category a customer reads: the add-ons', the data services' and the node flavours'. */
const CATEGORY_LABELS: Record<string, string> = {
  ...ADDON_CATEGORY_LABELS,
  database: 'Databases',
  cache: 'Caches',
  streaming: 'Streaming',
  messaging: 'Messaging',
  search: 'Search',
  storage: 'Storage',
  support: 'Support',
};

/** "service-mesh" -> "Service mesh"; unknown categories are capitalised. */
export function categoryLabel(category: string): string {
  return CATEGORY_LABELS[category] ?? category.charAt(0).toUpperCase() + category.slice(1).replace(/-/g, ' ');
}

const CHANNEL_LABELS: Record<string, string> = {
  ticket: 'Tickets',
  email: 'Email',
  chat: 'Chat',
  phone: 'Phone',
  'shared-channel': 'Shared chat channel',
};

export function channelLabel(channel: string): string {
  return CHANNEL_LABELS[channel] ?? categoryLabel(channel);
}

export function hoursLabel(hours: string): string {
  if (hours === '24x7') return '24/7';
  if (hours === 'business') return 'Business hours (Mon–Fri, 08:00–18:00 Paris)';
  return hours;
}

/** "2 × 4 vCPU, 16 GB, 320 GB, HA" or "1,000 GB" for object storage. */
export function planSpecs(plan: CatalogMiddlewarePlan): string {
  const parts: string[] = [];
  if (plan.nodes !== null && plan.vcpu !== null && plan.memoryGb !== null) {
    parts.push(`${plan.nodes > 1 ? `${plan.nodes} × ` : ''}${plan.vcpu} vCPU, ${plan.memoryGb} GB RAM`);
  }
  parts.push(`${plan.storageGb.toLocaleString('en-GB')} GB storage`);
  if (plan.highAvailability) parts.push('high availability');
  return parts.join(', ');
}
