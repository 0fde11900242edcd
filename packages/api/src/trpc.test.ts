import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createContext, type SessionUser } from './context';
import { memoryIsolateCache } from './platform/isolate-cache';
import { publicErrorMessage } from './errors';
import { adminProcedure, createCallerFactory, officerProcedure, protectedProcedure, router, superAdminProcedure } from './trpc';
import { createTestDb } from '@kubemarket/db/testing';
import { publicProcedure } from './trpc';

const probe = router({
  protected: protectedProcedure.query(({ ctx }) => ctx.user.id),
  officer: officerProcedure.query(() => 'officer'),
  admin: adminProcedure.query(() => 'admin'),
  superAdmin: superAdminProcedure.query(() => 'super'),
  echo: publicProcedure
    .input(z.object({ email: z.email('Enter a valid email address'), age: z.number().int().min(18, 'Must be 18 or older') }))
    .query(({ input }) => input.email),
  write: publicProcedure.mutation(() => 'written'),
  writeNotification: publicProcedure.meta({ keepsIsolateCaches: true }).mutation(() => 'written'),
});
const createProbeCaller = createCallerFactory(probe);

function userWithRole(role: SessionUser['role']): SessionUser {
  return {
    id: 'usr_1',
    username: 'u',
    email: 'u@example.com',
    name: 'U',
    role,
    emailVerified: true,
    companyName: 'Acme',
    companyId: 'KM-ABCDEF',
    organizationRole: 'owner',
    organizationId: 'org_1',
  };
}

describe('procedure kinds', async () => {
  const db = await createTestDb();
  const config = { appVersion: '1.16.0', environment: 'development' as const };
  const callerFor = (user: SessionUser | null) => createProbeCaller(createContext({ db, config, user }));

  it('rejects anonymous callers with UNAUTHORIZED', async () => {
    await expect(callerFor(null).protected()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(callerFor(null).officer()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('lets each role through exactly the kinds it holds', async () => {
    const expectations: Array<[SessionUser['role'], boolean, boolean, boolean]> = [
      ['user', false, false, false],
      ['officer', true, false, false],
      ['admin', true, true, false],
      ['super_admin', true, true, true],
    ];
    for (const [role, officer, admin, superAdmin] of expectations) {
      const caller = callerFor(userWithRole(role));
      await expect(caller.protected()).resolves.toBe('usr_1');
      for (const [call, allowed] of [
        [caller.officer, officer],
        [caller.admin, admin],
        [caller.superAdmin, superAdmin],
      ] as const) {
        if (allowed) await expect(call()).resolves.toBeTypeOf('string');
        else await expect(call()).rejects.toMatchObject({ code: 'FORBIDDEN' });
      }
    }
  });

  it('turns schema issues into a message a person can act on', async () => {
    const error = await callerFor(null)
      .echo({ email: 'nope', age: 3 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TRPCError);
    expect(publicErrorMessage(error as TRPCError)).toBe('email: Enter a valid email address; age: Must be 18 or older');
  });

  it('never leaks internal error details', () => {
    const error = new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'SQLITE_CONSTRAINT: secret detail' });
    expect(publicErrorMessage(error)).toBe('Something went wrong on our side. Please try again.');
  });
});

describe("the isolate's caches after a mutation", async () => {
  const db = await createTestDb();
  const config = { appVersion: '1.16.0', environment: 'development' as const };

  it('are emptied by every mutation but those that declare they keep them (a notification written or read)', async () => {
    const [catalogue, sessions] = [memoryIsolateCache({ ttlMs: 60_000 }), memoryIsolateCache({ ttlMs: 60_000 })];
    const caller = createProbeCaller(createContext({ db, config, user: null, ports: { catalogue, sessions } }));
    const cached = async () => {
      let loads = 0;
      for (const cache of [catalogue, sessions]) {
        await cache.read('key', 0, async () => {
          loads += 1;
          return { value: 'v', changesAt: Number.POSITIVE_INFINITY };
        });
      }
      return loads;
    };
    expect(await cached()).toBe(2);
    await caller.writeNotification();
    expect(await cached()).toBe(0);
    await caller.write();
    expect(await cached()).toBe(2);
  });
});
