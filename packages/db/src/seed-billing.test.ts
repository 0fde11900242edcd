import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { billingPlans, credits, paymentMethods } from './schema';
import { createTestDbSeededAt } from './testing';

describe('seed: billing', () => {
  const NOW = Date.UTC(2026, 10, 23, 12);

  it('gives Acme a default test-mode Visa ending in 4242 (never a full number), a €50 welcome credit for three months and pay as you go; Globex pays by bank transfer', async () => {
    // A second run, later, writes nothing twice and changes nothing.
    const db = await createTestDbSeededAt(NOW, NOW + 60 * 24 * 3_600_000);

    const methods = await db.select().from(paymentMethods).orderBy(asc(paymentMethods.organizationId));
    expect(methods.map(({ organizationId, kind, provider, brand, last4, expMonth, expYear, isDefault, removedAt }) => ({ organizationId, kind, provider, brand, last4, expMonth, expYear, isDefault, removedAt }))).toEqual([
      { organizationId: 'org_demo_acme', kind: 'card', provider: 'sandbox', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030, isDefault: true, removedAt: null },
      { organizationId: 'org_demo_globex', kind: 'bank_transfer', provider: 'bank', brand: null, last4: null, expMonth: null, expYear: null, isDefault: true, removedAt: null },
    ]);
    expect(JSON.stringify(methods)).not.toContain('4242424242424242');

    const granted = await db.select().from(credits);
    expect(granted).toEqual([
      expect.objectContaining({ organizationId: 'org_demo_acme', origin: 'promotion', amountCents: 5_000, remainingCents: 5_000, expiresAt: NOW + 90 * 24 * 3_600_000 }),
    ]);

    const plans = await db.select().from(billingPlans);
    expect(plans).toEqual([expect.objectContaining({ organizationId: 'org_demo_acme', plan: 'pay_as_you_go', startsAt: Date.UTC(2026, 10, 1) })]);
  });
});
