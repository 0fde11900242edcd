import { organizations } from '@kubemarket/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callerAs, createTestCaller, manualClock, memoryMailer, sessionUserOf } from '../../testing';

const START = Date.UTC(2026, 10, 23, 9);
const HOUR = 60 * 60_000;

async function setup() {
  const clock = manualClock(START);
  const { ctx, db } = await createTestCaller({ ports: { clock, mailer: memoryMailer(), sessionCookie: { issue() {}, clear() {} } } });
  const register = async (name: string) => {
    await callerAs(ctx, null).auth.register({
      email: `${name}@tenant.example`,
      username: name,
      name: `Owner of ${name}`,
      password: 'Canal-Saint-Martin-Quai-2026',
      companyName: `Tenant ${name}`,
      countryCode: 'FR',
      vatNumber: null,
    });
    const [organization] = await db.select().from(organizations).where(eq(organizations.name, `Tenant ${name}`));
    return organization!.id;
  };
  const as = async (username: string) => callerAs(ctx, await sessionUserOf(db, username));
  return { clock, register, as };
}

describe('what a pending organisation can expect (issue 31)', () => {
  it('says how long approvals took lately: the median over the last 90 days, and nothing once approved', async () => {
    const { clock, register, as } = await setup();
    const [first, second, third] = [await register('tenantone'), await register('tenanttwo'), await register('tenantthree')];
    const adam = await as('adam');
    clock.advance(1 * HOUR);
    await adam.staffUsers.approveRegistration({ id: first });
    clock.advance(1 * HOUR);
    await adam.staffUsers.approveRegistration({ id: second });
    clock.advance(3 * HOUR);
    await adam.staffUsers.approveRegistration({ id: third });

    await register('tenantfour');
    const waiting = await (await as('tenantfour')).account.profile();
    expect(waiting.organization).toMatchObject({ status: 'pending', approval: { medianMinutes: 120, approvals: 3 } });
    // Approved, it has nothing to wait for.
    expect((await (await as('tenantone')).account.profile()).organization).toMatchObject({ status: 'active', approval: null });
    // Approvals older than 90 days no longer count.
    clock.advance(91 * 24 * HOUR);
    expect((await (await as('tenantfour')).account.profile()).organization!.approval).toBeNull();
  });
});
