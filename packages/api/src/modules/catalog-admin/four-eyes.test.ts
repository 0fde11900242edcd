/**
 * Catalogue money under four eyes (issue 29, ADR 27): price cuts and rises, and promotions, above
 * what one person makes alone wait for another administrator; the approval makes the change once.
 */
import { addons, auditLog, catalogPrices, catalogueAloneChanges, catalogueChangeRequests, promotions } from '@kubemarket/db';
import { STAFF_CATALOGUE_LIMITS } from '@kubemarket/shared';
import type { TRPCError } from '@trpc/server';
import { and, asc, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callerAs, createTestCaller, manualClock, refusal, sessionUserOf } from '../../testing';
import { CHANGE_REQUEST_PROCEDURES } from './schemas';
import { CHANGES } from './change-requests';
import { priceChangeLimit, promotionLimit } from './four-eyes';

const NOW = Date.UTC(2026, 10, 23, 12);
/** KEDA (€9.00 a month, €91.80 a year) at a lower price; a yearly price is at most 12 monthly payments. */
const kedaAt = (monthlyPriceCents: number) => ({ id: 'addon_keda', monthlyPriceCents, yearlyPriceCents: monthlyPriceCents * 10 });

async function setup() {
  const clock = manualClock(NOW);
  const { ctx, db } = await createTestCaller({ ports: { clock } });
  const as = async (username: string) => callerAs(ctx, await sessionUserOf(db, username));
  const [olivia, adam, sophie] = await Promise.all([as('olivia'), as('adam'), as('sophie')]);
  const kedaPrice = async () => (await db.select({ cents: addons.monthlyPriceCents }).from(addons).where(eq(addons.id, 'addon_keda')))[0]!.cents;
  const kedaPriceRows = () => db.select().from(catalogPrices).where(and(eq(catalogPrices.itemKind, 'addon'), eq(catalogPrices.itemId, 'addon_keda'))).orderBy(asc(catalogPrices.effectiveFrom));
  return { db, olivia, adam, sophie, kedaPrice, kedaPriceRows };
}

describe('four-eyes limits', () => {
  it('lets one person cut a price by 10 % and raise it by 100 %, no more', () => {
    expect(priceChangeLimit('The monthly price', 1_000, 900)).toBeNull();
    expect(priceChangeLimit('The monthly price', 1_000, 899)).toBe('The monthly price falls by 10.1 %; one person lowers a price by at most 10 % alone.');
    expect(priceChangeLimit('The monthly price', 1_000, 0)).toBe('The monthly price falls by 100 %; one person lowers a price by at most 10 % alone.');
    expect(priceChangeLimit('The monthly price', 1_000, 2_000)).toBeNull();
    expect(priceChangeLimit('The monthly price', 1_000, 2_001)).toBe('The monthly price rises by 100.1 %; one person raises a price by at most 100 % alone.');
    // A price that had none (0 → x) is not a rise of any percentage: it is set alone.
    expect(priceChangeLimit('The monthly price', 0, 500)).toBeNull();
  });

  it('lets one person offer 20 % or €100 off, no more', () => {
    expect(promotionLimit({ kind: 'percent', value: 2_000 })).toBeNull();
    expect(promotionLimit({ kind: 'percent', value: 2_001 })).toBe('A 20.01 % discount is above the 20 % one person offers alone.');
    expect(promotionLimit({ kind: 'amount', value: 10_000 })).toBeNull();
    expect(promotionLimit({ kind: 'amount', value: 10_001 })).toBe('A €100.01 discount is above the €100.00 one person offers alone.');
  });

  it('carries every catalogue call the schema lets a request name', () => {
    expect(Object.keys(CHANGES).sort()).toEqual([...CHANGE_REQUEST_PROCEDURES].sort());
  });
});

describe('a price cut above the limit', () => {
  it('is refused with 412 and what to do, and changes nothing', async () => {
    const { olivia, kedaPrice, kedaPriceRows } = await setup();
    const before = await kedaPriceRows();
    expect(await refusal(olivia.catalogAdmin.addons.update(kedaAt(450)))).toEqual({
      code: 'PRECONDITION_FAILED',
      message:
        'Price of addon_keda: monthly price €9.00 → €4.50, yearly price €91.80 → €45.00: The monthly price falls by 50 %; one person lowers a price by at most 10 % alone. The yearly price falls by 50.98 %; one person lowers a price by at most 10 % alone. Send it for approval with your reason; another administrator approves or refuses it.',
    });
    expect(await kedaPrice()).toBe(900);
    expect(await kedaPriceRows()).toEqual(before);
    // Within the limits, the same person changes it alone.
    await expect(olivia.catalogAdmin.addons.update({ id: 'addon_keda', monthlyPriceCents: 850, yearlyPriceCents: 8_500 })).resolves.toMatchObject({ monthlyPriceCents: 850 });
  });

  it('waits for another administrator, who makes it once; the requester cannot approve it', async () => {
    const { db, olivia, adam, sophie, kedaPrice, kedaPriceRows } = await setup();
    const input = kedaAt(450);
    const request = await olivia.catalogAdmin.changeRequests.create({ procedure: 'catalogAdmin.addons.update', input, reason: 'Matching a competitor for the Q1 campaign' });
    expect(request).toMatchObject({
      status: 'pending',
      kind: 'price_change',
      subject: 'addon:addon_keda',
      summary: 'Price of addon_keda: monthly price €9.00 → €4.50, yearly price €91.80 → €45.00',
      limitReason: 'The monthly price falls by 50 %; one person lowers a price by at most 10 % alone. The yearly price falls by 50.98 %; one person lowers a price by at most 10 % alone.',
      requesterName: 'Olivia Laurent',
    });
    // Filing it probed the change without writing it.
    expect(await kedaPrice()).toBe(900);
    // One pending request per item.
    expect(await refusal(adam.catalogAdmin.changeRequests.create({ procedure: 'catalogAdmin.addons.update', input: kedaAt(1), reason: 'Another cut' }))).toMatchObject({ code: 'CONFLICT' });
    // An officer may not decide; an administrator may not decide on their own request.
    expect(await refusal(olivia.catalogAdmin.changeRequests.approve({ id: request.id }))).toMatchObject({ code: 'FORBIDDEN' });
    const adamsOwn = await adam.catalogAdmin.changeRequests.create({ procedure: 'catalogAdmin.promotions.create', input: { code: 'HALFOFF', description: 'Half off', kind: 'percent', value: 5_000 }, reason: 'Launch' });
    expect(await refusal(adam.catalogAdmin.changeRequests.approve({ id: adamsOwn.id }))).toEqual({ code: 'FORBIDDEN', message: 'Another administrator must decide on a change you asked for.' });

    const approved = await adam.catalogAdmin.changeRequests.approve({ id: request.id, reason: 'Agreed with sales' });
    expect(approved).toMatchObject({ status: 'approved', decidedBy: 'usr_demo_adam', deciderName: 'Adam Bernard', decisionReason: 'Agreed with sales' });
    expect(await kedaPrice()).toBe(450);
    expect((await kedaPriceRows()).at(-1)).toMatchObject({ monthlyPriceCents: 450, createdBy: 'usr_demo_adam' });
    expect(await refusal(sophie.catalogAdmin.changeRequests.approve({ id: request.id }))).toEqual({ code: 'CONFLICT', message: 'This change request was already approved.' });

    const changed = await db.select().from(auditLog).where(eq(auditLog.action, 'catalog.addon_updated'));
    expect(changed.at(-1)).toMatchObject({ actorUserId: 'usr_demo_adam', metadata: expect.objectContaining({ approval: { requestId: request.id, requestedBy: 'usr_demo_olivia', approvedBy: 'usr_demo_adam' } }) });
    const actions = (await db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.targetId, request.id))).map((row) => row.action);
    expect(actions).toEqual(['catalog.change_requested', 'catalog.change_approved']);
  });

  it('is made once when ten administrators approve it at the same moment', async () => {
    const { db, olivia, adam, sophie, kedaPriceRows } = await setup();
    const request = await olivia.catalogAdmin.changeRequests.create({ procedure: 'catalogAdmin.addons.update', input: kedaAt(300), reason: 'Clearance' });
    const rowsBefore = (await kedaPriceRows()).length;
    const answers = await Promise.allSettled(Array.from({ length: 10 }, (_, i) => (i % 2 ? adam : sophie).catalogAdmin.changeRequests.approve({ id: request.id })));
    expect(answers.filter((answer) => answer.status === 'fulfilled')).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 'rejected').map((answer) => ((answer as PromiseRejectedResult).reason as TRPCError).code)).toEqual(Array(9).fill('CONFLICT'));
    expect((await kedaPriceRows()).length).toBe(rowsBefore + 1);
    expect(await db.$count(auditLog, eq(auditLog.action, 'catalog.change_approved'))).toBe(1);
  });

  it('is refused with a reason the requester reads, and nothing changes', async () => {
    const { db, olivia, adam, kedaPrice } = await setup();
    const request = await olivia.catalogAdmin.changeRequests.create({ procedure: 'catalogAdmin.addons.update', input: kedaAt(1), reason: 'Typo check' });
    expect(await refusal(adam.catalogAdmin.changeRequests.reject({ id: request.id }))).toEqual({ code: 'BAD_REQUEST', message: 'Say why the change is refused: the requester reads it.' });
    await expect(adam.catalogAdmin.changeRequests.reject({ id: request.id, reason: 'One cent is a typo' })).resolves.toMatchObject({ status: 'rejected', decisionReason: 'One cent is a typo' });
    expect(await kedaPrice()).toBe(900);
    expect(await db.$count(catalogueChangeRequests, and(eq(catalogueChangeRequests.status, 'pending'), eq(catalogueChangeRequests.subject, 'addon:addon_keda')))).toBe(0);
  });

  it('is not filed when it needs no approval, or is not a valid change', async () => {
    const { olivia } = await setup();
    expect(await refusal(olivia.catalogAdmin.changeRequests.create({ procedure: 'catalogAdmin.addons.update', input: { id: 'addon_keda', monthlyPriceCents: 880, yearlyPriceCents: 8_800 }, reason: 'Small' }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'This change needs no approval: save it directly.',
    });
    expect(await refusal(olivia.catalogAdmin.changeRequests.create({ procedure: 'catalogAdmin.addons.update', input: { id: 'addon_keda', monthlyPriceCents: -5 }, reason: 'Bad' }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringMatching(/^The change is not valid: /),
    });
    expect(await refusal(olivia.catalogAdmin.changeRequests.create({ procedure: 'catalogAdmin.addons.update', input: { ...kedaAt(1), id: 'addon_nope' }, reason: 'Missing' }))).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('a promotion above the limit', () => {
  it('is created only once another administrator approves it; a 100 % code needs a redemption limit', async () => {
    const { db, olivia, sophie } = await setup();
    const big = { code: 'BIGDEAL', description: 'Launch week', kind: 'percent' as const, value: 5_000, maxRedemptions: 20 };
    expect(await refusal(olivia.catalogAdmin.promotions.create(big))).toMatchObject({ code: 'PRECONDITION_FAILED', message: expect.stringContaining('New promotion BIGDEAL (50 % off, at most 20 orders): A 50 % discount is above the 20 % one person offers alone.') });
    expect(await db.$count(promotions, eq(promotions.code, 'BIGDEAL'))).toBe(0);
    const request = await olivia.catalogAdmin.changeRequests.create({ procedure: 'catalogAdmin.promotions.create', input: big, reason: 'Launch week' });
    await sophie.catalogAdmin.changeRequests.approve({ id: request.id });
    expect((await sophie.catalogAdmin.promotions.list()).find((promotion) => promotion.code === 'BIGDEAL')).toMatchObject({ value: 5_000, maxRedemptions: 20, redemptions: 0 });

    // Raising it further is a change above the limit too; its description is not.
    expect(await refusal(olivia.catalogAdmin.promotions.update({ code: 'BIGDEAL', value: 6_000 }))).toMatchObject({ code: 'PRECONDITION_FAILED' });
    await expect(olivia.catalogAdmin.promotions.update({ code: 'BIGDEAL', description: 'Launch week, extended' })).resolves.toMatchObject({ description: 'Launch week, extended' });

    expect(await refusal(sophie.catalogAdmin.promotions.create({ code: 'ALLFREE', description: 'Free', kind: 'percent', value: 10_000 }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'A 100 % code makes orders free: give it a redemption limit.',
    });
    // Small codes stay one person's to make.
    await expect(olivia.catalogAdmin.promotions.create({ code: 'SMALL10', description: 'Ten off', kind: 'percent', value: 1_000 })).resolves.toMatchObject({ code: 'SMALL10' });
  });
});

describe('the monthly allowance of giveaways made alone', () => {
  const small = (code: string) => ({ code, description: 'Five off', kind: 'percent' as const, value: 500 });
  const ALLOWANCE = STAFF_CATALOGUE_LIMITS.aloneGiveawaysPerMonth;

  it('lets one person make ten small price cuts or discounts a month; the next waits for another administrator', async () => {
    const { db, olivia, adam, sophie, kedaPrice } = await setup();
    // Five small codes and five small cuts (KEDA €9.00 → €8.90 → …): each within the per-change limits.
    for (let index = 0; index < ALLOWANCE / 2; index += 1) await olivia.catalogAdmin.promotions.create(small(`FIVE${index}`));
    for (let index = 1; index <= ALLOWANCE / 2; index += 1) await olivia.catalogAdmin.addons.update(kedaAt(900 - index * 10));
    expect(await db.$count(catalogueAloneChanges, eq(catalogueAloneChanges.staffUserId, 'usr_demo_olivia'))).toBe(ALLOWANCE);

    // The eleventh is refused, however small; nothing is written.
    const eleventh = await refusal(olivia.catalogAdmin.promotions.create(small('FIVE99')));
    expect(eleventh).toMatchObject({ code: 'PRECONDITION_FAILED', message: expect.stringContaining(`has made ${ALLOWANCE} price cuts or discounts alone this month, the most one person makes alone in a month.`) });
    expect(await db.$count(promotions, eq(promotions.code, 'FIVE99'))).toBe(0);
    expect(await refusal(olivia.catalogAdmin.addons.update(kedaAt(800)))).toMatchObject({ code: 'PRECONDITION_FAILED' });
    expect(await kedaPrice()).toBe(850);
    // Changes that give nothing away stay hers to make: a rise, a narrower code, a description.
    await expect(olivia.catalogAdmin.addons.update(kedaAt(870))).resolves.toMatchObject({ monthlyPriceCents: 870 });
    await expect(olivia.catalogAdmin.promotions.update({ code: 'FIVE0', value: 400, maxRedemptions: 10 })).resolves.toMatchObject({ value: 400 });
    await expect(olivia.catalogAdmin.promotions.update({ code: 'FIVE1', description: 'Still five off' })).resolves.toMatchObject({ description: 'Still five off' });
    // Enlarging one is a giveaway: refused.
    expect(await refusal(olivia.catalogAdmin.promotions.update({ code: 'FIVE1', value: 600 }))).toMatchObject({ code: 'PRECONDITION_FAILED' });
    // Another person's allowance is their own.
    await expect(adam.catalogAdmin.promotions.create(small('ADAM5'))).resolves.toMatchObject({ code: 'ADAM5' });

    // Sent for approval, it is filed with why, and made once approved (counted against no one).
    const request = await olivia.catalogAdmin.changeRequests.create({ procedure: 'catalogAdmin.promotions.create', input: small('FIVE99'), reason: 'Partner week' });
    expect(request).toMatchObject({ status: 'pending', limitReason: expect.stringContaining(`has made ${ALLOWANCE} price cuts or discounts alone this month`) });
    await sophie.catalogAdmin.changeRequests.approve({ id: request.id });
    expect(await db.$count(promotions, eq(promotions.code, 'FIVE99'))).toBe(1);
    expect(await db.$count(catalogueAloneChanges, eq(catalogueAloneChanges.staffUserId, 'usr_demo_olivia'))).toBe(ALLOWANCE);
  });

  it('starts afresh on the 1st of the month (UTC)', async () => {
    const clock = manualClock(Date.UTC(2026, 10, 30, 23, 59));
    const { ctx, db } = await createTestCaller({ ports: { clock } });
    const olivia = callerAs(ctx, await sessionUserOf(db, 'olivia'));
    for (let index = 0; index < ALLOWANCE; index += 1) await olivia.catalogAdmin.promotions.create(small(`NOV${index}`));
    expect(await refusal(olivia.catalogAdmin.promotions.create(small('NOV99')))).toMatchObject({ code: 'PRECONDITION_FAILED' });
    clock.advance(60_000);
    await expect(olivia.catalogAdmin.promotions.create(small('DEC0'))).resolves.toMatchObject({ code: 'DEC0' });
  });

  it('holds under parallel changes: with two left, two of eight made at once go through', async () => {
    const { db, olivia } = await setup();
    for (let index = 0; index < ALLOWANCE - 2; index += 1) await olivia.catalogAdmin.promotions.create(small(`PRE${index}`));
    const results = await Promise.allSettled(Array.from({ length: 8 }, (_, index) => olivia.catalogAdmin.promotions.create(small(`RACE${index}`))));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(2);
    for (const result of results) if (result.status === 'rejected') expect(result.reason).toMatchObject({ code: 'PRECONDITION_FAILED' });
    expect(await db.$count(promotions, like(promotions.code, 'RACE%'))).toBe(2);
    expect(await db.$count(catalogueAloneChanges, eq(catalogueAloneChanges.staffUserId, 'usr_demo_olivia'))).toBe(ALLOWANCE);
  });
});

describe('the seeded catalogue change (LAUNCH30)', () => {
  it('is what the server files for that change, and approving it creates the code', async () => {
    const { db, olivia, adam } = await setup();
    const [seeded] = await db.select().from(catalogueChangeRequests).where(eq(catalogueChangeRequests.subject, 'promotion:LAUNCH30'));
    await db.delete(catalogueChangeRequests).where(eq(catalogueChangeRequests.id, seeded!.id));
    const filed = await olivia.catalogAdmin.changeRequests.create({ procedure: 'catalogAdmin.promotions.create', input: seeded!.input, reason: seeded!.reason });
    expect({ summary: filed.summary, limitReason: filed.limitReason, input: filed.input }).toEqual({ summary: seeded!.summary, limitReason: seeded!.limitReason, input: seeded!.input });
    await adam.catalogAdmin.changeRequests.approve({ id: filed.id });
    expect((await adam.catalogAdmin.promotions.list()).find((promotion) => promotion.code === 'LAUNCH30')).toMatchObject({ value: 3_000, maxRedemptions: 50, maxRedemptionsPerOrganization: 1 });
  });
});
