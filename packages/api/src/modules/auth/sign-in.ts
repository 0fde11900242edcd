import { auditLog, users } from '@kubemarket/db';
import { TRPCError } from '@trpc/server';
import { and, eq, gt, or } from 'drizzle-orm';
import type { Context } from '../../context';
import { audit } from '../../platform/audit';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../platform/passwords';
import {
  RATE_LIMITS,
  refuseFullWindow,
  releaseSlots,
  reserveAll,
  reserveSlot,
  type Reservation,
} from '../../platform/rate-limit';
import { invalidateSession } from '../../platform/sessions';
import { assertEnabled, clientKey, signInOrChallenge } from './sessions';

// Signing in

const INVALID_CREDENTIALS = 'Invalid email/username or password.';

/** How long a successful sign-in makes its address one the account knows (exempt from the loose lock). */
const KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60_000;

/** Whether the user signed in successfully from this very address in the last 30 days (audited sign-ins). */
async function signedInFromHereBefore(ctx: Context, userId: string, now: number): Promise<boolean> {
  if (!ctx.request.ipAddress) return false;
  const [row] = await ctx.db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(and(eq(auditLog.actorUserId, userId), gt(auditLog.createdAt, now - KNOWN_ADDRESS_MS), eq(auditLog.action, 'auth.sign_in'), eq(auditLog.ipAddress, ctx.request.ipAddress)))
    .limit(1);
  return row !== undefined;
}

/**
 * Reserves one failure slot in every sign-in limit before a password is checked (ADR 25): per
 * address, per account and address (strict), per account (loose; an address the account signed
 * in from before is not held by it). Each reservation is one conditional upsert, so parallel
 * attempts cannot all pass a check that sees the count before any of them failed. Refused: 429
 * and nothing counted. The caller keeps the slots for a wrong password and gives them back
 * (releaseSlots) for a right one: the limits count failures only.
 */
export async function reservePasswordCheck(ctx: Context, accountBucket: string, userId: string | null, now: number): Promise<Reservation[]> {
  const address = clientKey(ctx);
  const held = await reserveAll(
    ctx.db,
    [
      [`login:ip:${address}`, RATE_LIMITS.loginPerAddress],
      [`${accountBucket}:ip:${address}`, RATE_LIMITS.loginPerAccountAndAddress],
    ],
    now,
  );
  try {
    const account = await reserveSlot(ctx.db, accountBucket, RATE_LIMITS.loginPerAccount, now);
    if (account) held.push(account);
    else if (!(userId && (await signedInFromHereBefore(ctx, userId, now)))) await refuseFullWindow(ctx.db, accountBucket, RATE_LIMITS.loginPerAccount, now);
  } catch (error) {
    await releaseSlots(ctx.db, held);
    throw error;
  }
  return held;
}

/**
 * Limits count failures only, per resolved account (email and username are one bucket; an
 * unknown identifier gets its own, so the answers do not differ) and per client address. The
 * failure is reserved before the hash is checked and given back when the password was right.
 */
export async function signInWithPassword(ctx: Context, input: { identifier: string; password: string }) {
  const now = ctx.ports.clock.now();
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(or(eq(users.email, input.identifier), eq(users.username, input.identifier)))
    .limit(1);
  const accountBucket = user ? `login:user:${user.id}` : `login:unknown:${input.identifier}`;
  const slots = await reservePasswordCheck(ctx, accountBucket, user?.id ?? null, now);
  let checked;
  try {
    checked = await verifyPassword(input.password, user?.passwordHash ?? (await dummyPasswordHash(ctx.config.passwordCost)), ctx.config.passwordCost);
  } catch (error) {
    await releaseSlots(ctx.db, slots);
    throw error;
  }
  if (!user?.passwordHash || !checked.valid) {
    // The reserved slots stay taken: they are this failure.
    await audit(ctx.db, { actorUserId: user?.id ?? null, action: 'auth.sign_in_failed', ipAddress: ctx.request.ipAddress, metadata: user ? undefined : { unknownIdentifier: true } }, now);
    throw new TRPCError({ code: 'UNAUTHORIZED', message: INVALID_CREDENTIALS });
  }
  await releaseSlots(ctx.db, slots);
  assertEnabled(user);
  if (checked.needsRehash) await ctx.db.update(users).set({ passwordHash: await hashPassword(input.password, ctx.config.passwordCost) }).where(eq(users.id, user.id));
  return signInOrChallenge(ctx, user, 'password');
}

export async function signOut(ctx: Context) {
  if (ctx.session && ctx.user) {
    await invalidateSession(ctx.db, ctx.session.id);
    await ctx.ports.realtime.closeSessions(ctx.user.organizationId, [ctx.session.id]);
    await audit(ctx.db, { actorUserId: ctx.user.id, action: 'auth.sign_out', targetType: 'session', targetId: ctx.session.id, ipAddress: ctx.request.ipAddress }, ctx.ports.clock.now());
  }
  ctx.ports.sessionCookie.clear();
  return { success: true as const };
}
