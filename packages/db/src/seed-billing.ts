import { utcMonthStart } from '@kubemarket/shared';
import type { Database } from './client';
import { billingPlans, credits, paymentMethods } from './schema';
import { DEMO_CUSTOMER_ORGANIZATION_ID } from './seed-data';

const DAY_MS = 24 * 60 * 60_000;

export const DEMO_GLOBEX_ORGANIZATION_ID = 'org_demo_globex';

/** Acme's welcome credit: €50, spent before any charge, for three months from the first seed. */
export const DEMO_WELCOME_CREDIT = { id: 'crd_demo_acme_welcome', amountCents: 5_000, validForMs: 90 * DAY_MS } as const;


/**
 * The billing screen's demo data, written once (fixed ids) and never overwritten: Acme pays by a
 * test-mode Visa card (only its last four digits and expiry are stored, as for any card), has a
 * welcome credit and is on pay as you go; Globex, which staff allowed to pay by invoice, pays by
 * bank transfer.
 */
export async function seedBilling(db: Database, now: number): Promise<void> {
  const expYear = new Date(now).getUTCFullYear() + 4;
  await db.batch([
    db
      .insert(paymentMethods)
      .values([
        {
          id: 'pmt_demo_acme_visa',
          organizationId: DEMO_CUSTOMER_ORGANIZATION_ID,
          kind: 'card',
          provider: 'sandbox',
          providerRef: 'sbx_pm_demo_acme_visa',
          brand: 'visa',
          last4: '4242',
          expMonth: 12,
          expYear,
          holderName: 'Alice Martin',
          isDefault: true,
          createdBy: 'usr_demo_alice',
          createdAt: now,
        },
        { id: 'pmt_demo_globex_bank', organizationId: DEMO_GLOBEX_ORGANIZATION_ID, kind: 'bank_transfer', provider: 'bank', isDefault: true, createdBy: 'usr_demo_gabriel', createdAt: now },
      ])
      .onConflictDoNothing(),
    db
      .insert(credits)
      .values({
        id: DEMO_WELCOME_CREDIT.id,
        organizationId: DEMO_CUSTOMER_ORGANIZATION_ID,
        origin: 'promotion',
        description: 'Welcome credit',
        amountCents: DEMO_WELCOME_CREDIT.amountCents,
        remainingCents: DEMO_WELCOME_CREDIT.amountCents,
        expiresAt: now + DEMO_WELCOME_CREDIT.validForMs,
        createdBy: null,
        createdAt: now,
      })
      .onConflictDoNothing(),
    db
      .insert(billingPlans)
      .values({ id: 'bpl_demo_acme_payg', organizationId: DEMO_CUSTOMER_ORGANIZATION_ID, plan: 'pay_as_you_go', startsAt: utcMonthStart(now), createdBy: 'usr_demo_alice', createdAt: now })
      .onConflictDoNothing(),
  ]);
}
