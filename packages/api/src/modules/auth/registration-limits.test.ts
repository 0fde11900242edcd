/**
 * Issue 31: registration limits that do not punish a shared office. Registrations from one address
 * are generous; refused ones (a weak password, a username taken) count apart and never use a
 * registration; each refusal says when to retry; parallel registrations cannot slip past either
 * limit (the database arbitrates, one conditional upsert per slot).
 */
import { organizations, rateLimits } from '@kubemarket/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createCaller } from '../../root';
import { RATE_LIMITS } from '../../platform/rate-limit';
import { createTestCaller, manualClock, memoryMailer } from '../../testing';

const START = Date.UTC(2026, 10, 23, 9, 0, 0);
const OFFICE = '203.0.113.40';

async function setup() {
  const clock = manualClock(START);
  const { ctx, db } = await createTestCaller({ ports: { clock, mailer: memoryMailer(), sessionCookie: { issue() {}, clear() {} } }, request: { ipAddress: OFFICE, appUrl: 'https://console.example.eu' } });
  const from = (ipAddress: string) => createCaller({ ...ctx, session: null, request: { ...ctx.request, ipAddress } });
  const bucket = async (key: string) => (await db.select().from(rateLimits).where(eq(rateLimits.key, key)))[0]?.count ?? 0;
  const organizationsNamed = async (name: string) => (await db.select().from(organizations).where(eq(organizations.name, name))).length;
  return { db, clock, from, bucket, organizationsNamed };
}

let serial = 0;
function registration(overrides: { password?: string; username?: string; companyName?: string } = {}) {
  serial += 1;
  return {
    email: `colleague-${serial}@office.example`,
    username: overrides.username ?? `colleague${serial}`,
    name: `Colleague ${serial}`,
    password: overrides.password ?? 'Gare-du-Nord-Quai-Voltaire-2026',
    companyName: overrides.companyName ?? `Office Tenant ${serial}`,
    countryCode: 'FR',
    vatNumber: null,
  };
}

type Settled = PromiseSettledResult<unknown>;
const tally = (results: Settled[]) =>
  results
    .map((result) => (result.status === 'fulfilled' ? 'OK' : ((result.reason as { code?: string }).code ?? 'ERROR')))
    .reduce<Record<string, number>>((acc, code) => ({ ...acc, [code]: (acc[code] ?? 0) + 1 }), {});

describe('registration limits (issue 31)', () => {
  it('lets one office register more than the old five an hour, and a weak password or a taken username uses no registration', async () => {
    const { from, bucket } = await setup();
    // Refused for the form: each leaves the registration count where it was.
    await expect(from(OFFICE).auth.register(registration({ password: 'password' }))).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    await expect(from(OFFICE).auth.register(registration({ username: 'alice' }))).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await bucket(`register:ip:${OFFICE}`)).toBe(0);
    expect(await bucket(`register-refused:ip:${OFFICE}`)).toBe(2);
    for (let index = 0; index < 8; index += 1) await from(OFFICE).auth.register(registration());
    expect(await bucket(`register:ip:${OFFICE}`)).toBe(8);
    expect(await bucket(`register-refused:ip:${OFFICE}`)).toBe(2);
  });

  it('grows strict with refusals only, and says when to retry', async () => {
    const { from, clock } = await setup();
    const { limit } = RATE_LIMITS.registerRefusalsPerAddress;
    for (let index = 0; index < limit; index += 1) {
      await expect(from(OFFICE).auth.register(registration({ password: 'password' }))).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    }
    clock.advance(10 * 60_000);
    // Even a good registration waits now: the address has spent its refusals.
    await expect(from(OFFICE).auth.register(registration())).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many registrations from your network were refused in the last hour. Please try again in 50 minutes.',
    });
    // Another address is not held by this one.
    await expect(from('198.51.100.77').auth.register(registration())).resolves.toBeTruthy();
    clock.advance(50 * 60_000);
    await expect(from(OFFICE).auth.register(registration())).resolves.toBeTruthy();
  });

  it(`refuses the registration past ${RATE_LIMITS.registerPerAddress.limit} an hour from one address, in words`, async () => {
    const { from, clock } = await setup();
    for (let index = 0; index < RATE_LIMITS.registerPerAddress.limit; index += 1) await from(OFFICE).auth.register(registration());
    clock.advance(15 * 60_000);
    await expect(from(OFFICE).auth.register(registration())).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: 'Too many organisations were registered from your network in the last hour. Please try again in 45 minutes.',
    });
  });

  it('holds under parallel registrations: exactly the limit succeed, every other one is told to wait, nothing half-written', async () => {
    const { from, bucket, organizationsNamed } = await setup();
    const { limit } = RATE_LIMITS.registerPerAddress;
    const n = limit + 10;
    const results = await Promise.allSettled(Array.from({ length: n }, () => from(OFFICE).auth.register(registration({ companyName: 'Parallel Tenant' }))));
    expect(tally(results)).toEqual({ OK: limit, TOO_MANY_REQUESTS: n - limit });
    expect(await organizationsNamed('Parallel Tenant')).toBe(limit);
    expect(await bucket(`register:ip:${OFFICE}`)).toBe(limit);
    expect(await bucket(`register-refused:ip:${OFFICE}`)).toBe(0);
  });
});
