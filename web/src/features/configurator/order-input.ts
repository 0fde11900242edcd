import type { AppRouter } from '@kubemarket/api';
import type { BillingCycle } from '@kubemarket/shared';
import type { inferRouterInputs } from '@trpc/server';
import { draftToOrderLine } from './draft';
import type { ClusterDraft } from './draft';
import { STEP_IDS } from './steps';
import type { StepId } from './steps';

export type CreateOrderRequest = inferRouterInputs<AppRouter>['orders']['create'];

/** The billing details of the order: the review's fields, with the country and VAT number the price panel also uses. */
export function orderBilling(draft: ClusterDraft): CreateOrderRequest['billing'] {
  const { billing } = draft;
  return {
    companyName: billing.companyName.trim(),
    countryCode: draft.countryCode,
    vatNumber: draft.vatNumber.trim() || null,
    addressLine1: billing.addressLine1.trim(),
    addressLine2: billing.addressLine2.trim() || null,
    postalCode: billing.postalCode.trim(),
    city: billing.city.trim(),
  };
}

/** What `orders.create` is sent for a draft whose tier is chosen. */
export function orderRequest(draft: ClusterDraft & { tierId: string }, cycle: BillingCycle, idempotencyKey = draft.idempotencyKey): CreateOrderRequest {
  return {
    idempotencyKey,
    lines: [draftToOrderLine(draft)],
    cycle,
    promotionCode: draft.promotionCode.trim() || null,
    billing: orderBilling(draft),
  };
}

/** Where a billing field ("vatNumber") sits in the draft: the country and VAT number are the price panel's too. */
export function billingPath(field: string | undefined): string {
  if (field === 'countryCode' || field === 'vatNumber') return field;
  return field ? `billing.${field}` : 'billing.companyName';
}

/**
 * The order a request describes, without its idempotency key: the same fingerprint is the same
 * order, so the configuration already ordered is not ordered twice, and a changed one gets a new key.
 */
export function orderFingerprint(request: CreateOrderRequest): string {
  const { idempotencyKey: _key, ...order } = request;
  return JSON.stringify(order);
}

// ---------------------------------------------------------------------------------------------
// The server's refusals, next to the step they concern

export interface OrderFailure {
  /** The step to correct; 'review' when the refusal concerns none (or the name). */
  step: StepId;
  /** Draft path → the server's message. */
  fieldErrors: Record<string, string>;
  /** What belongs to no field, shown on the review step. */
  general: string | null;
}

export interface Located {
  step: StepId;
  path: string;
}

/** Where a field of the order's cluster line ("nodePools.1.labels.team") sits in the draft. */
export function locateLineField(parts: readonly string[], draft: ClusterDraft): Located | null {
  const [field, ...rest] = parts;
  switch (field) {
    case 'name':
      return { step: 'review', path: 'name' };
    case 'tierId':
      return { step: 'tier', path: 'tierId' };
    case 'regionId':
      return { step: 'location', path: 'regionId' };
    case 'zones':
      return { step: 'location', path: 'zones' };
    case 'kubernetesVersion':
      return { step: 'version', path: 'kubernetesVersion' };
    case 'highAvailability':
      return { step: 'network', path: 'highAvailability' };
    case 'addonIds':
      return { step: 'addons', path: 'addonIds' };
    case 'networking': {
      const [key, index] = rest;
      if (key === 'apiAllowList' && index !== undefined && /^\d+$/.test(index)) return { step: 'network', path: `networking.apiAllowList.${index}` };
      return { step: 'network', path: key ? `networking.${key}` : 'networking.podCidr' };
    }
    case 'maintenance':
      return { step: 'maintenance', path: rest[0] ? `maintenance.${rest[0]}` : 'maintenance.day' };
    case 'nodePools': {
      const [index, key, ...more] = rest;
      if (index === undefined || !/^\d+$/.test(index)) return { step: 'pools', path: 'pools' };
      const pool = `pools.${index}`;
      if (key === 'labels') {
        const label = more.join('.');
        const row = draft.pools[Number(index)]?.labels.findIndex((entry) => entry.key.trim() === label) ?? -1;
        return { step: 'pools', path: row >= 0 ? `${pool}.labels.${row}.key` : 'pools' };
      }
      if (key === 'taints' && more[0] !== undefined) return { step: 'pools', path: `${pool}.taints.${more[0]}.${more[1] ?? 'key'}` };
      if (key === 'autoscale') return { step: 'pools', path: `${pool}.autoscale.${more[0] ?? 'max'}` };
      if (key === 'name' || key === 'flavorId' || key === 'count') return { step: 'pools', path: `${pool}.${key}` };
      return { step: 'pools', path: 'pools' };
    }
    default:
      return null;
  }
}

/** The step an engine refusal ("Order line 1: …") concerns, from what it talks about. */
function locateSentence(sentence: string): Located | null {
  if (/add-on/i.test(sentence)) return { step: 'addons', path: 'addonIds' };
  if (/high-availability/i.test(sentence)) return { step: 'network', path: 'highAvailability' };
  if (/node pool|flavour|\bnodes?\b|\bpools?\b/i.test(sentence)) return { step: 'pools', path: 'pools' };
  if (/\bregion\b|\bzones?\b/i.test(sentence)) return { step: 'location', path: 'regionId' };
  if (/Kubernetes \d/.test(sentence)) return { step: 'version', path: 'kubernetesVersion' };
  if (/\btier\b/i.test(sentence)) return { step: 'tier', path: 'tierId' };
  return null;
}

const FIELD_ISSUE = /^([A-Za-z][\w.\-/]*): (.+)$/s;
const ISSUE_SEPARATOR = /; (?=[A-Za-z][\w.\-/]*: )/;
const LINE_REFUSAL = /^Order line 1: (.+)$/s;

/**
 * Splits a refusal of `orders.create` into messages next to the fields they concern (the server's
 * own words) and the rest, and names the first step to correct. The server answers input problems
 * as "lines.0.networking.serviceCidr: …; …" and catalogue problems as "Order line 1: …".
 */
export function orderFailure(message: string, draft: ClusterDraft): OrderFailure {
  const fieldErrors: Record<string, string> = {};
  const general: string[] = [];
  const steps: StepId[] = [];
  const place = (located: Located | null, text: string, whole: string) => {
    if (!located) {
      general.push(whole);
      return;
    }
    fieldErrors[located.path] ??= text;
    steps.push(located.step);
  };
  // Issues are joined with "; ", which messages may contain too: a new issue starts with its path.
  for (const part of message.split(ISSUE_SEPARATOR)) {
    const refusal = LINE_REFUSAL.exec(part);
    if (refusal) {
      place(locateSentence(refusal[1]!), refusal[1]!, part);
      continue;
    }
    const issue = FIELD_ISSUE.exec(part);
    const path = issue ? issue[1]!.split('.') : [];
    if (issue && path[0] === 'lines' && path[1] === '0') {
      place(locateLineField(path.slice(2), draft), issue[2]!, part);
      continue;
    }
    if (issue && path[0] === 'billing') {
      place({ step: 'review', path: billingPath(path[1]) }, issue[2]!, part);
      continue;
    }
    general.push(part);
  }
  const step = STEP_IDS.find((candidate) => steps.includes(candidate)) ?? 'review';
  return { step, fieldErrors, general: general.length > 0 ? general.join(' ') : null };
}
