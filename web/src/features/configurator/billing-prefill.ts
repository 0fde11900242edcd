import type { AppRouter } from '@kubemarket/api';
import type { TRPCClient } from '@trpc/client';
import type { inferRouterOutputs } from '@trpc/server';
import { emptyDraft } from './draft';
import type { ClusterDraft } from './draft';

/** The billing details of an order as the server answers them. */
export type OrderBilling = NonNullable<inferRouterOutputs<AppRouter>['orders']['get']['billing']>;

function isBlank(draft: ClusterDraft): boolean {
  return Object.values(draft.billing).every((value) => value.trim() === '');
}

/**
 * What the draft's billing details start as: those of the organisation's last order, else its
 * name. Only a draft whose billing details are still blank is filled; its country and VAT number
 * (the price panel's) are taken too when the customer has not chosen them yet.
 */
export function billingPrefill(draft: ClusterDraft, last: OrderBilling | null, companyName: string | null): Partial<ClusterDraft> | null {
  if (!isBlank(draft)) return null;
  if (!last) return companyName ? { billing: { ...draft.billing, companyName } } : null;
  const defaults = emptyDraft(draft.idempotencyKey);
  const untouched = draft.countryCode === defaults.countryCode && draft.vatNumber === '' && !draft.isBusiness;
  return {
    billing: {
      companyName: last.companyName,
      addressLine1: last.addressLine1,
      addressLine2: last.addressLine2 ?? '',
      postalCode: last.postalCode,
      city: last.city,
    },
    ...(untouched ? { countryCode: last.countryCode, vatNumber: last.vatNumber ?? '', isBusiness: last.vatNumber !== null } : {}),
  };
}

/** The billing details of the organisation's most recent order, if it has one (and the user may read orders). */
export async function lastOrderBilling(client: TRPCClient<AppRouter>): Promise<OrderBilling | null> {
  try {
    const page = await client.orders.list.query({ page: 1, pageSize: 1, sort: 'newest' });
    const latest = page.items[0];
    if (!latest) return null;
    return (await client.orders.get.query({ id: latest.id })).billing;
  } catch {
    // Without them the customer types the details in; nothing else depends on them.
    return null;
  }
}
