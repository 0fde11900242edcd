import { isPromotionRefusal } from '../catalog-browse';
import type { CheckoutOrder } from './checkout-types';

/** The billing form's values (orders.create's `billing`), as typed. */
export interface BillingFormValues {
  companyName: string;
  countryCode: string;
  vatNumber: string;
  addressLine1: string;
  addressLine2: string;
  postalCode: string;
  city: string;
}

export type BillingField = keyof BillingFormValues;

export const BILLING_FIELDS: readonly BillingField[] = ['companyName', 'countryCode', 'vatNumber', 'addressLine1', 'addressLine2', 'postalCode', 'city'];

/** What the form starts from: the organisation's billing profile, or an order's billing details. */
type BillingStart = Pick<NonNullable<CheckoutOrder['billing']>, 'companyName' | 'countryCode' | 'vatNumber' | 'addressLine1' | 'addressLine2' | 'postalCode' | 'city'>;

/**
 * The form's starting values: the organisation's billing profile when it has one (its country and
 * VAT number decide the VAT of every order), else its name and France.
 */
export function initialBilling(previous: BillingStart | null | undefined, companyName: string | null): BillingFormValues {
  if (previous) {
    return {
      companyName: previous.companyName,
      countryCode: previous.countryCode,
      vatNumber: previous.vatNumber ?? '',
      addressLine1: previous.addressLine1,
      addressLine2: previous.addressLine2 ?? '',
      postalCode: previous.postalCode,
      city: previous.city,
    };
  }
  return { companyName: companyName ?? '', countryCode: 'FR', vatNumber: '', addressLine1: '', addressLine2: '', postalCode: '', city: '' };
}

export interface PlaceOrderRefusal {
  /** The server's messages next to the fields they concern. */
  fields: Partial<Record<BillingField | 'promotionCode', string>>;
  /** What concerns no field. */
  general: string | null;
}

const FIELD_ISSUE = /^([A-Za-z][\w.]*): (.+)$/s;
const ISSUE_SEPARATOR = /; (?=[A-Za-z][\w.]*: )/;

/**
 * Splits a refusal of orders.create ("billing.city: The city is required.; billing.vatNumber: …",
 * or "Promotion code PARIS: …") into messages next to the fields they concern and the rest.
 */
export function placeOrderRefusal(message: string): PlaceOrderRefusal {
  if (isPromotionRefusal(message)) return { fields: { promotionCode: message }, general: null };
  const fields: PlaceOrderRefusal['fields'] = {};
  const general: string[] = [];
  for (const part of message.split(ISSUE_SEPARATOR)) {
    const issue = FIELD_ISSUE.exec(part);
    const path = issue ? issue[1]!.split('.') : [];
    const field = BILLING_FIELDS.find((candidate) => candidate === path[1]);
    if (issue && path[0] === 'billing' && field) fields[field] ??= issue[2]!;
    else if (issue && path[0] === 'promotionCode') fields.promotionCode ??= issue[2]!;
    else general.push(part);
  }
  return { fields, general: general.length > 0 ? general.join(' ') : null };
}
