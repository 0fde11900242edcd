import { describe, expect, it } from 'vitest';
import { initialBilling, placeOrderRefusal } from './billing';

describe('billing details', () => {
  it("starts from the organisation's last order, or from its name in France", () => {
    expect(initialBilling(null, 'Acme Industries')).toEqual({
      companyName: 'Acme Industries',
      countryCode: 'FR',
      vatNumber: '',
      addressLine1: '',
      addressLine2: '',
      postalCode: '',
      city: '',
    });
    expect(
      initialBilling(
        { companyName: 'Acme', vatNumber: null, countryCode: 'DE', addressLine1: 'Hauptstr. 1', addressLine2: null, postalCode: '10115', city: 'Berlin' },
        'Ignored',
      ),
    ).toEqual({ companyName: 'Acme', countryCode: 'DE', vatNumber: '', addressLine1: 'Hauptstr. 1', addressLine2: '', postalCode: '10115', city: 'Berlin' });
  });

  it("puts the server's refusals next to the fields they concern", () => {
    expect(placeOrderRefusal('billing.city: The city is required.; billing.vatNumber: A VAT number of DE starts with DE.')).toEqual({
      fields: { city: 'The city is required.', vatNumber: 'A VAT number of DE starts with DE.' },
      general: null,
    });
    expect(placeOrderRefusal('Promotion code PARIS: This code is only for an organisation’s first purchase.')).toEqual({
      fields: { promotionCode: 'Promotion code PARIS: This code is only for an organisation’s first purchase.' },
      general: null,
    });
    expect(placeOrderRefusal('Unknown promotion code "SPRING".').fields.promotionCode).toBe('Unknown promotion code "SPRING".');
    expect(placeOrderRefusal('Your organisation is waiting for approval by our team, so it cannot order yet.')).toEqual({
      fields: {},
      general: 'Your organisation is waiting for approval by our team, so it cannot order yet.',
    });
    expect(placeOrderRefusal('lines.0.planId: The middleware plan is required.; billing.postalCode: The postcode is required.')).toEqual({
      fields: { postalCode: 'The postcode is required.' },
      general: 'lines.0.planId: The middleware plan is required.',
    });
  });
});
