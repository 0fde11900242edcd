import { readFileSync } from 'node:fs';
import { auditLog, exchangeRates } from '@kubemarket/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ecbRatesSource } from '../currency/service';
import { callerAs, createTestCaller, sessionUserOf } from '../../testing';

const ECB_XML = readFileSync(new URL('../../testing/fixtures/eurofxref-daily.xml', import.meta.url), 'utf8');
const NOW = Date.UTC(2026, 10, 21, 6);
const ecb = ecbRatesSource(async () => new Response(ECB_XML));
const ecbDown = ecbRatesSource(async () => new Response('Service Unavailable', { status: 503 }));

describe('currency.rates', () => {
  it('answers the seeded EUR-based rates with their day and update time', async () => {
    const { caller } = await createTestCaller();
    await expect(caller.currency.rates()).resolves.toEqual({
      rates: { EUR: 1, USD: 1.0841, GBP: 0.8527, CNY: 7.8112 },
      timestamp: 0,
      date: '2026-11-20',
    });
  });

  it('is unavailable, not wrong, while a currency is missing', async () => {
    const { caller, db } = await createTestCaller();
    await db.delete(exchangeRates).where(eq(exchangeRates.currency, 'GBP'));
    await expect(caller.currency.rates()).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: 'Exchange rates are not available yet. Please try again later.',
    });
  });
});

describe('currency.refresh', () => {
  it('lets an admin refresh from the source now, and audits it', async () => {
    const { ctx, db } = await createTestCaller({ ports: { rates: ecb, clock: { now: () => NOW } } });
    const admin = callerAs(ctx, await sessionUserOf(db, 'adam'));
    await expect(admin.currency.refresh()).resolves.toEqual({
      status: 'updated',
      rates: { EUR: 1, USD: 1.0853, GBP: 0.85315, CNY: 7.8198 },
      timestamp: NOW,
      date: '2026-11-20',
    });
    await expect(admin.currency.rates()).resolves.toMatchObject({ timestamp: NOW, rates: { USD: 1.0853 } });
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, 'currency.rates_refresh'));
    expect(entry).toMatchObject({ actorUserId: 'usr_demo_adam', metadata: { status: 'updated' } });
  });

  it('keeps the previous rates and says so when the source fails', async () => {
    const { ctx, db } = await createTestCaller({ ports: { rates: ecbDown, clock: { now: () => NOW } } });
    const admin = callerAs(ctx, await sessionUserOf(db, 'sophie'));
    await expect(admin.currency.refresh()).rejects.toMatchObject({
      code: 'BAD_GATEWAY',
      message: 'The rates could not be refreshed (The ECB answered HTTP 503.); the previous rates are kept.',
    });
    await expect(admin.currency.rates()).resolves.toMatchObject({ timestamp: 0, rates: { USD: 1.0841 } });
  });

  it('is for administrators only', async () => {
    const { ctx, db } = await createTestCaller({ ports: { rates: ecb } });
    await expect(callerAs(ctx, null).currency.refresh()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(callerAs(ctx, await sessionUserOf(db, 'alice')).currency.refresh()).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(callerAs(ctx, await sessionUserOf(db, 'olivia')).currency.refresh()).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});
