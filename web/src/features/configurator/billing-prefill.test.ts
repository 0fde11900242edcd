import { describe, expect, it } from 'vitest';
import { billingPrefill } from './billing-prefill';
import type { OrderBilling } from './billing-prefill';
import { emptyDraft } from './draft';

const LAST: OrderBilling = {
  companyName: 'Acme Industries',
  billingId: 'KM-ACME01',
  vatNumber: 'FR12345678901',
  countryCode: 'FR',
  addressLine1: '12 rue de la Paix',
  addressLine2: null,
  postalCode: '75002',
  city: 'Paris',
};

describe('billing details to start with', () => {
  it("are the last order's, with its country and VAT number when the customer has not chosen them", () => {
    expect(billingPrefill(emptyDraft(), LAST, 'Acme Industries')).toEqual({
      billing: { companyName: 'Acme Industries', addressLine1: '12 rue de la Paix', addressLine2: '', postalCode: '75002', city: 'Paris' },
      countryCode: 'FR',
      vatNumber: 'FR12345678901',
      isBusiness: true,
    });
    const chosen = { ...emptyDraft(), countryCode: 'DE' };
    expect(billingPrefill(chosen, LAST, null)).toEqual({
      billing: { companyName: 'Acme Industries', addressLine1: '12 rue de la Paix', addressLine2: '', postalCode: '75002', city: 'Paris' },
    });
  });

  it("are the organisation's name for a first order", () => {
    expect(billingPrefill(emptyDraft(), null, 'Globex Logistics')).toEqual({
      billing: { companyName: 'Globex Logistics', addressLine1: '', addressLine2: '', postalCode: '', city: '' },
    });
    expect(billingPrefill(emptyDraft(), null, null)).toBeNull();
  });

  it('never replace details the customer already gave', () => {
    const draft = { ...emptyDraft(), billing: { ...emptyDraft().billing, city: 'Lyon' } };
    expect(billingPrefill(draft, LAST, 'Acme Industries')).toBeNull();
  });
});
