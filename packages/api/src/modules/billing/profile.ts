import { organizations, type BillingProfile, type Database, type VatCheck } from '@kubemarket/db';
import { EU_VAT_RATES, SELLER_COUNTRY, type QuoteCustomer } from '@kubemarket/shared';
import { TRPCError } from '@trpc/server';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Ports } from '../../context';
import { normalizeVatNumber, VatServiceUnavailableError } from '../../platform/vat';

/**
 * The organisation's billing profile (issue 30): the one place an order's and an invoice's VAT
 * treatment comes from. The country is set once (registration, or the first order) and then
 * changed only by our billing team; a VAT number is checked through the VAT-validation port before
 * it is kept, and that check is what a reverse charge rests on.
 */

export interface ProfileState {
  profile: BillingProfile | null;
  vatCheck: VatCheck | null;
}

export async function profileOf(db: Database, organizationId: string): Promise<ProfileState> {
  const [row] = await db.select({ profile: organizations.billingProfile, vatCheck: organizations.vatCheck }).from(organizations).where(eq(organizations.id, organizationId)).limit(1);
  return { profile: row?.profile ?? null, vatCheck: row?.vatCheck ?? null };
}

const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });
export function countryLabel(code: string): string {
  let name = code;
  try {
    name = countryNames.of(code) ?? code;
  } catch {
    // An unknown code reads as itself.
  }
  return `${name} (${code})`;
}

/** The VAT prefix of a member state: its ISO code, but EL for Greece. */
function vatPrefixOf(countryCode: string): string {
  return countryCode === 'GR' ? 'EL' : countryCode;
}

/**
 * Checks a VAT number for the given country through the port: it must carry that member state's
 * prefix and be valid. Refusals are sentences for the customer; VIES down is a 503 to retry.
 */
export async function verifiedVatCheck(ports: Pick<Ports, 'vat' | 'clock'>, countryCode: string, vatNumber: string, field: string | null = 'billing.vatNumber'): Promise<VatCheck> {
  const number = normalizeVatNumber(vatNumber);
  const at = field ? `${field}: ` : '';
  if (EU_VAT_RATES[countryCode] === undefined) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: `${at}An EU VAT number is only given for an organisation in the EU; ${countryLabel(countryCode)} is not.` });
  }
  const prefix = vatPrefixOf(countryCode);
  if (!number.startsWith(prefix)) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: `${at}A VAT number of ${countryLabel(countryCode)} starts with ${prefix}.` });
  }
  let check: VatCheck;
  try {
    check = await ports.vat.check(number, ports.clock.now());
  } catch (error) {
    if (error instanceof VatServiceUnavailableError) throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: error.message, cause: error });
    throw error;
  }
  if (!check.valid) {
    const by = check.source === 'vies' ? 'the EU VAT register (VIES)' : 'its check digits';
    throw new TRPCError({ code: 'BAD_REQUEST', message: `${at}${number} is not a valid VAT number according to ${by}. Check it, or leave it empty to be charged VAT.` });
  }
  return check;
}

/** Whether the check is a valid one of this very number: what a reverse charge rests on. */
export function vatNumberVerified(vatNumber: string | null | undefined, vatCheck: VatCheck | null | undefined): boolean {
  return vatNumber != null && vatCheck?.valid === true && vatCheck.vatNumber === vatNumber;
}

/** Who the quote engine taxes: the profile's country, and its VAT number only when it was found valid. */
export function taxCustomerOf(state: { profile: BillingProfile; vatCheck: VatCheck | null }, hasPurchased: boolean): QuoteCustomer {
  const verified = vatNumberVerified(state.profile.vatNumber, state.vatCheck);
  return { countryCode: state.profile.countryCode, vatNumber: verified ? state.profile.vatNumber : null, isBusiness: verified, hasPurchased };
}

/**
 * The profile an order is taxed by. Without one yet, the order's details become it (the VAT
 * number checked first); two first orders at once cannot set two: the UPDATE only writes a
 * profile that is still missing, and the loser reads the winner's. With one, an order that names
 * another country or another VAT number is refused: the customer does not choose their VAT per
 * order. A VAT number given for the first time is checked and joins the profile.
 */
export async function profileForOrder(db: Database, ports: Pick<Ports, 'vat' | 'clock'>, organizationId: string, billing: BillingProfile): Promise<{ profile: BillingProfile; vatCheck: VatCheck | null }> {
  const countryCode = billing.countryCode.toUpperCase() === 'EL' ? 'GR' : billing.countryCode.toUpperCase();
  const vatNumber = billing.vatNumber ? normalizeVatNumber(billing.vatNumber) : null;
  let state = await profileOf(db, organizationId);
  if (!state.profile) {
    const vatCheck = vatNumber ? await verifiedVatCheck(ports, countryCode, vatNumber) : null;
    const profile: BillingProfile = { ...billing, countryCode, vatNumber };
    const [set] = await db
      .update(organizations)
      .set({ billingProfile: profile, vatCheck, updatedAt: ports.clock.now() })
      .where(and(eq(organizations.id, organizationId), isNull(organizations.billingProfile)))
      .returning({ id: organizations.id });
    if (set) return { profile, vatCheck };
    state = await profileOf(db, organizationId);
  }
  let profile = state.profile!;
  let vatCheck = state.vatCheck;
  if (countryCode === profile.countryCode && (profile.addressLine1 === '' || (profile.vatNumber !== null && !vatNumberVerified(profile.vatNumber, vatCheck)))) {
    // Registered without an address (and perhaps with a number the registry could not check then):
    // the first order completes the profile, its number checked now.
    if (profile.vatNumber !== null && !vatNumberVerified(profile.vatNumber, vatCheck)) vatCheck = await verifiedVatCheck(ports, profile.countryCode, profile.vatNumber);
    const completed: BillingProfile =
      profile.addressLine1 === '' ? { ...profile, companyName: billing.companyName, addressLine1: billing.addressLine1, addressLine2: billing.addressLine2, postalCode: billing.postalCode, city: billing.city } : profile;
    await db
      .update(organizations)
      .set({ billingProfile: completed, vatCheck, updatedAt: ports.clock.now() })
      .where(and(eq(organizations.id, organizationId), sql`json_extract(${organizations.billingProfile}, '$.countryCode') = ${profile.countryCode}`));
    profile = completed;
  }
  if (countryCode !== profile.countryCode) {
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: `billing.countryCode: Your organisation is billed in ${countryLabel(profile.countryCode)}, and its orders are taxed accordingly; this order says ${countryLabel(countryCode)}. A change of country is made by our billing team: ask them through billing support.`,
    });
  }
  if (vatNumber !== null && profile.vatNumber === null) {
    // A VAT number given for the first time joins the profile once it is checked (one conditional UPDATE).
    const vatCheck = await verifiedVatCheck(ports, profile.countryCode, vatNumber);
    const withNumber: BillingProfile = { ...profile, vatNumber };
    const [set] = await db
      .update(organizations)
      .set({ billingProfile: withNumber, vatCheck, updatedAt: ports.clock.now() })
      .where(and(eq(organizations.id, organizationId), sql`json_extract(${organizations.billingProfile}, '$.vatNumber') IS NULL`))
      .returning({ id: organizations.id });
    if (set) return { profile: withNumber, vatCheck };
    return profileForOrder(db, ports, organizationId, billing);
  }
  if (vatNumber !== null && vatNumber !== profile.vatNumber) {
    const current = profile.vatNumber ? `the VAT number ${profile.vatNumber}` : 'no VAT number';
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: `billing.vatNumber: Your organisation's billing profile has ${current}; this order says ${vatNumber}. Change the VAT number in Billing → Billing profile first (it is checked there).`,
    });
  }
  return { profile, vatCheck };
}

/** GET /api/billing/profile: who invoices are addressed to and how they are taxed. */
export async function getProfile(db: Database, organizationId: string) {
  const state = await profileOf(db, organizationId);
  return profileView(state);
}

export function profileView(state: ProfileState) {
  const { profile, vatCheck } = state;
  const verified = vatNumberVerified(profile?.vatNumber, vatCheck);
  return {
    profile,
    vatCheck: profile?.vatNumber ? vatCheck : null,
    treatment: profile ? vatTreatment(profile, verified) : null,
  };
}

/** The sentence the billing page shows under the profile. */
function vatTreatment(profile: BillingProfile, verified: boolean): string {
  const rate = EU_VAT_RATES[profile.countryCode];
  if (rate === undefined) return `No VAT: ${countryLabel(profile.countryCode)} is outside the European Union.`;
  if (verified && profile.countryCode !== SELLER_COUNTRY) return 'Reverse charge: no VAT is invoiced; you account for it in your country.';
  return `${countryLabel(profile.countryCode)} VAT at ${rate / 100}% is invoiced.`;
}

/**
 * PUT /api/billing/profile: the name and address change freely (future invoices only); a new VAT
 * number is checked first; the country is changed by our billing team, not here. Concurrent
 * updates: the last one wins, each one whole (one UPDATE).
 */
export async function updateProfile(ctx: { db: Database; ports: Pick<Ports, 'vat' | 'clock'>; organizationId: string }, input: BillingProfile) {
  const state = await profileOf(ctx.db, ctx.organizationId);
  const countryCode = input.countryCode.toUpperCase() === 'EL' ? 'GR' : input.countryCode.toUpperCase();
  if (state.profile && countryCode !== state.profile.countryCode) {
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: `countryCode: Your organisation is billed in ${countryLabel(state.profile.countryCode)}. A change of country changes how every invoice is taxed, so our billing team makes it: ask them through billing support.`,
    });
  }
  const vatNumber = input.vatNumber ? normalizeVatNumber(input.vatNumber) : null;
  const unchanged = vatNumber !== null && vatNumber === state.profile?.vatNumber && vatNumberVerified(vatNumber, state.vatCheck);
  const vatCheck = vatNumber === null ? null : unchanged ? state.vatCheck : await verifiedVatCheck(ctx.ports, countryCode, vatNumber, 'vatNumber');
  const profile: BillingProfile = { ...input, countryCode, vatNumber };
  await ctx.db.update(organizations).set({ billingProfile: profile, vatCheck, updatedAt: ctx.ports.clock.now() }).where(eq(organizations.id, ctx.organizationId));
  return profileView({ profile, vatCheck });
}

/**
 * Our billing team changes an organisation's country (the customer asked through billing support):
 * the VAT number, if any, must be of the new country and is checked; orders placed from now on
 * are taxed by it. Returns the profile before and after, for the audit log.
 */
export async function changeCountry(ctx: { db: Database; ports: Pick<Ports, 'vat' | 'clock'> }, organizationId: string, input: { countryCode: string; vatNumber: string | null }) {
  const state = await profileOf(ctx.db, organizationId);
  if (!state.profile) throw new TRPCError({ code: 'BAD_REQUEST', message: 'This organisation has no billing profile yet: its first order sets it.' });
  const countryCode = input.countryCode.toUpperCase() === 'EL' ? 'GR' : input.countryCode.toUpperCase();
  const vatNumber = input.vatNumber ? normalizeVatNumber(input.vatNumber) : null;
  const vatCheck = vatNumber ? await verifiedVatCheck(ctx.ports, countryCode, vatNumber, 'vatNumber') : null;
  const profile: BillingProfile = { ...state.profile, countryCode, vatNumber };
  await ctx.db.update(organizations).set({ billingProfile: profile, vatCheck, updatedAt: ctx.ports.clock.now() }).where(eq(organizations.id, organizationId));
  return { before: state.profile, after: profileView({ profile, vatCheck }) };
}
