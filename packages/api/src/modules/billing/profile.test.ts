import { auditLog, invoiceLines, invoices, organizations } from '@kubemarket/db';
import { DEMO_SELLER } from '@kubemarket/shared';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerAs, createTestCaller, type FakeVies, manualClock, memoryMailer, refusal, sessionUserOf, startFakeVies } from '../../testing';
import { viesVatValidation } from '../../platform/vat';
import { invoicePdf } from '../invoices/pdf';
import { insertOrganization } from '../../testing/invoices-fixtures';
import { pdfText } from '../../testing/pdf-read-back';

const NOW = Date.UTC(2026, 11, 6, 10);
const CARD = { kind: 'card' as const, card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123', holderName: 'Greta Berger' } };
const SUPPORT = [{ kind: 'support' as const, planId: 'support_business' }];
const HAMBURG = { companyName: 'Globex Logistik GmbH', countryCode: 'DE', vatNumber: 'DE 136 695 976', addressLine1: 'Hafenstraße 8', postalCode: '20457', city: 'Hamburg' };

let vies: FakeVies;
beforeAll(async () => {
  vies = await startFakeVies({
    registered: { DE136695976: { name: 'Globex Logistik GmbH', address: 'Hafenstraße 8\n20457 Hamburg' }, ATU13585627: { name: 'Globex Logistik Wien GmbH', address: 'Ring 1\n1010 Wien' } },
    requester: DEMO_SELLER.vatId,
  });
});
afterAll(() => vies.close());

/** A German business with no billing profile yet, its VAT numbers checked by VIES (a local fake). */
async function setup() {
  const { ctx, db } = await createTestCaller({ ports: { clock: manualClock(NOW), mailer: memoryMailer(), vat: viesVatValidation({ requesterVatNumber: DEMO_SELLER.vatId, baseUrl: vies.url }) } });
  const { organizationId } = await insertOrganization(db, 'Globex Logistik GmbH', 'KM-HAMB01', 'greta');
  const greta = callerAs(ctx, await sessionUserOf(db, 'greta'));
  let keys = 0;
  const order = (billing: typeof HAMBURG | (Omit<typeof HAMBURG, 'vatNumber'> & { vatNumber?: string | null })) => greta.orders.create({ idempotencyKey: `profile-${(keys += 1)}`, lines: SUPPORT, billing });
  return { ctx, db, organizationId, greta, order };
}

describe('orders are taxed by the billing profile (issue 30)', () => {
  it('sets the profile with the first order, reverse-charges the VIES-checked number, and prints the consultation on its invoice', async () => {
    const { db, organizationId, greta, order } = await setup();
    const placed = await order(HAMBURG);
    expect(placed.quote!.tax).toMatchObject({ countryCode: 'DE', rateBasisPoints: 0, reverseCharge: true, amountCents: 0 });
    // The profile is what the first order said, the number as VIES knows it.
    const profile = await greta.billing.profile();
    expect(profile.profile).toMatchObject({ countryCode: 'DE', vatNumber: 'DE136695976', city: 'Hamburg' });
    expect(profile.vatCheck).toMatchObject({ vatNumber: 'DE136695976', valid: true, source: 'vies', name: 'Globex Logistik GmbH', checkedAt: NOW });
    expect(profile.vatCheck!.consultationNumber).toMatch(/^WAPIAAAAZ\d{6}$/);
    expect(profile.treatment).toBe('Reverse charge: no VAT is invoiced; you account for it in your country.');
    expect(vies.violations).toEqual([]);

    // Paid by card: its invoice carries VAT as charged (none, reverse-charged) and the consultation as proof.
    await greta.orders.pay({ id: placed.id, paymentIdempotencyKey: 'profile-pay-1', method: CARD });
    const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, placed.id));
    expect(invoice).toMatchObject({ organizationId, status: 'paid', reverseCharge: true, taxCents: 0, totalCents: placed.totalCents, vatCheck: profile.vatCheck });
    const lines = await db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoice!.id)).orderBy(asc(invoiceLines.position));
    expect(lines.map((line) => [line.kind, line.description])).toEqual([['purchase', 'Support: Business (first month, paid in advance)']]);
    const text = (await pdfText(await invoicePdf(invoice!, lines, DEMO_SELLER))).flat().join(' ');
    expect(text).toContain('Reverse charge: VAT is accounted for by the customer (Article 196, Council Directive 2006/112/EC).');
    expect(text).toContain(`DE136695976 valid per VIES on 6 December 2026, consultation ${profile.vatCheck!.consultationNumber}.`);
    expect(text).toContain(`VAT ID: ${DEMO_SELLER.vatId}`);
    // Our ids stay ours: the order invoice names what was bought and the RF reference, never an id.
    expect(text).not.toMatch(/\b(tier|addon|mwp|mw|ord|clu|org|inv|usr|pay)_|\bgp-\d|support_business/);
  });

  it('refuses an order that names another country or another VAT number, with what to do', async () => {
    const { db, order } = await setup();
    await order(HAMBURG);
    expect(await refusal(order({ ...HAMBURG, countryCode: 'FR', vatNumber: null }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'billing.countryCode: Your organisation is billed in Germany (DE), and its orders are taxed accordingly; this order says France (FR). A change of country is made by our billing team: ask them through billing support.',
    });
    expect(await refusal(order({ ...HAMBURG, countryCode: 'US', vatNumber: null }))).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('this order says United States (US)') });
    expect(await refusal(order({ ...HAMBURG, vatNumber: 'DE 811 569 869' }))).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining("billing profile has the VAT number DE136695976; this order says DE811569869") });
    // Without a VAT number the order is taxed by the profile's: still reverse-charged.
    const plain = await order({ ...HAMBURG, vatNumber: null });
    expect(plain.quote!.tax).toMatchObject({ countryCode: 'DE', reverseCharge: true });
    expect((await db.select().from(organizations).where(eq(organizations.name, 'Globex Logistik GmbH')))[0]!.billingProfile!.countryCode).toBe('DE');
  });

  it('refuses a VAT number VIES does not know, or of another member state, and keeps no profile from it', async () => {
    const { greta, order } = await setup();
    expect(await refusal(order({ ...HAMBURG, vatNumber: 'DE999999999' }))).toMatchObject({ code: 'BAD_REQUEST', message: 'billing.vatNumber: DE999999999 is not a valid VAT number according to the EU VAT register (VIES). Check it, or leave it empty to be charged VAT.' });
    expect(await refusal(order({ ...HAMBURG, vatNumber: 'FR40303265045' }))).toMatchObject({ code: 'BAD_REQUEST', message: 'billing.vatNumber: A VAT number of DE starts with DE.' });
    expect((await greta.billing.profile()).profile).toBeNull();
  });

  it('lets a billing manager change the address and VAT number, checked, but not the country', async () => {
    const { greta, order } = await setup();
    await order({ ...HAMBURG, vatNumber: null });
    expect((await greta.billing.profile()).treatment).toBe('Germany (DE) VAT at 19% is invoiced.');
    const updated = await greta.billing.updateProfile({ ...HAMBURG, addressLine1: 'Speicherstadt 1', addressLine2: null });
    expect(updated.profile).toMatchObject({ addressLine1: 'Speicherstadt 1', vatNumber: 'DE136695976' });
    expect(updated.vatCheck).toMatchObject({ valid: true, source: 'vies' });
    expect(await refusal(greta.billing.updateProfile({ ...HAMBURG, countryCode: 'AT', vatNumber: null, addressLine2: null }))).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('countryCode: Your organisation is billed in Germany (DE).') });
  });

  it('changes country only through our billing team, audited, and later orders are taxed by the new one', async () => {
    const { ctx, db, organizationId, order } = await setup();
    await order(HAMBURG);
    const adam = callerAs(ctx, await sessionUserOf(db, 'adam'));
    expect(await refusal(adam.staffOrganizations.changeBillingCountry({ id: organizationId, countryCode: 'AT', vatNumber: 'DE136695976', reason: 'Ticket KM-T-1: moved to Vienna' }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'vatNumber: A VAT number of Austria (AT) starts with AT.',
    });
    const changed = await adam.staffOrganizations.changeBillingCountry({ id: organizationId, countryCode: 'AT', vatNumber: 'ATU 135 856 27', reason: 'Ticket KM-T-1: moved to Vienna' });
    expect(changed.profile).toMatchObject({ countryCode: 'AT', vatNumber: 'ATU13585627' });
    expect(changed.vatCheck).toMatchObject({ valid: true, source: 'vies', name: 'Globex Logistik Wien GmbH' });
    expect((await adam.staffOrganizations.get({ id: organizationId })).billing.profile!.countryCode).toBe('AT');
    const [audited] = await db.select().from(auditLog).where(eq(auditLog.action, 'organization.billing_country_changed'));
    expect(audited).toMatchObject({ actorUserId: 'usr_demo_adam', organizationId, metadata: { reason: 'Ticket KM-T-1: moved to Vienna', before: { countryCode: 'DE' }, after: { countryCode: 'AT', vatNumber: 'ATU13585627' } } });
    // The German details are refused now; Austrian ones are taxed as Austria's (reverse charge with the checked number).
    expect(await refusal(order(HAMBURG))).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('billed in Austria (AT)') });
    const vienna = await order({ ...HAMBURG, countryCode: 'AT', vatNumber: null, city: 'Wien', postalCode: '1010' });
    expect(vienna.quote!.tax).toMatchObject({ countryCode: 'AT', reverseCharge: true });
    // A customer cannot do it themselves, nor can an officer.
    expect(await refusal(callerAs(ctx, await sessionUserOf(db, 'olivia')).staffOrganizations.changeBillingCountry({ id: organizationId, countryCode: 'FR', vatNumber: null, reason: 'No' }))).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('orders placed at once set one profile: the database keeps the first and refuses the other country', async () => {
    const { greta, order } = await setup();
    const answers = await Promise.allSettled([order(HAMBURG), order({ ...HAMBURG, countryCode: 'AT', vatNumber: null, city: 'Wien', postalCode: '1010' })]);
    const profile = (await greta.billing.profile()).profile!;
    const winner = profile.countryCode;
    expect(['DE', 'AT']).toContain(winner);
    const loser = answers.find((answer) => answer.status === 'rejected') as PromiseRejectedResult | undefined;
    expect(loser?.reason).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining(`Your organisation is billed in ${winner === 'DE' ? 'Germany (DE)' : 'Austria (AT)'}`) });
  });
});

describe('the billing profile starts at registration (issue 30)', () => {
  const registration = (vatNumber: string | null) => ({
    email: `hamburg-${vatNumber ?? 'none'}@example.de`,
    username: `hamburg${(vatNumber ?? 'none').toLowerCase().replace(/\W/g, '')}`,
    name: 'Greta Berger',
    password: 'Speicherstadt-Elbphilharmonie-2026',
    companyName: 'Globex Logistik GmbH',
    countryCode: 'DE',
    vatNumber,
  });

  it('keeps the country and the VIES-checked VAT number; the first order adds the address', async () => {
    const { ctx, db } = await createTestCaller({ ports: { clock: manualClock(NOW), mailer: memoryMailer(), vat: viesVatValidation({ requesterVatNumber: DEMO_SELLER.vatId, baseUrl: vies.url }) } });
    await callerAs(ctx, null).auth.register(registration('DE136695976'));
    const [organization] = await db.select().from(organizations).where(eq(organizations.name, 'Globex Logistik GmbH'));
    expect(organization!.billingProfile).toEqual({ companyName: 'Globex Logistik GmbH', countryCode: 'DE', vatNumber: 'DE136695976', addressLine1: '', addressLine2: null, postalCode: '', city: '' });
    expect(organization!.vatCheck).toMatchObject({ valid: true, source: 'vies', vatNumber: 'DE136695976' });
    // Approved, the owner orders: the address joins the profile, the country and number stay.
    await db.update(organizations).set({ status: 'active' }).where(eq(organizations.id, organization!.id));
    const greta = callerAs(ctx, await sessionUserOf(db, registration('DE136695976').username));
    const placed = await greta.orders.create({ idempotencyKey: 'registered-1', lines: SUPPORT, billing: HAMBURG });
    expect(placed.quote!.tax.reverseCharge).toBe(true);
    expect((await greta.billing.profile()).profile).toMatchObject({ countryCode: 'DE', vatNumber: 'DE136695976', addressLine1: 'Hafenstraße 8', city: 'Hamburg' });
  });

  it('refuses a VAT number the registry does not know, in words', async () => {
    const { ctx } = await createTestCaller({ ports: { clock: manualClock(NOW), mailer: memoryMailer(), vat: viesVatValidation({ requesterVatNumber: DEMO_SELLER.vatId, baseUrl: vies.url }) } });
    expect(await refusal(callerAs(ctx, null).auth.register(registration('DE999999999')))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'DE999999999 is not a valid VAT number according to the EU VAT register (VIES). Check it, or leave it empty to be charged VAT.',
    });
  });
});
