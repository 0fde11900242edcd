import { newId, newsletterSubscriptions } from '@kubemarket/db';
import { TRPCError } from '@trpc/server';
import { and, eq, gt, ne } from 'drizzle-orm';
import type { Context } from '../../context';
import { randomToken, sha256Hex } from '../../platform/crypto';
import { emails } from '../../platform/emails';
import { sendMailSafely } from '../../platform/mailer';
import { addressKey, consumeRateLimit, RATE_LIMITS } from '../../platform/rate-limit';

export const NEWSLETTER_CONFIRM_TTL_MS = 48 * 60 * 60_000;

/** Unique and not an address: the email column stays unique and non-null after erasure. */
const erasedEmail = (id: string) => `erased:${id}`;

export async function subscribe(ctx: Context, input: { email: string }) {
    const now = ctx.ports.clock.now();
    await consumeRateLimit(ctx.db, `newsletter:ip:${addressKey(ctx.request.ipAddress)}`, RATE_LIMITS.newsletterPerAddress, now);
    await consumeRateLimit(ctx.db, `newsletter:email:${input.email}`, RATE_LIMITS.newsletterPerEmail, now);
    const [existing] = await ctx.db
      .select({ status: newsletterSubscriptions.status })
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.email, input.email))
      .limit(1);
    if (existing?.status === 'confirmed') return { sent: true as const };

    const token = randomToken(32);
    const pending = {
      status: 'pending' as const,
      tokenHash: await sha256Hex(token),
      tokenExpiresAt: now + NEWSLETTER_CONFIRM_TTL_MS,
      confirmedAt: null,
      updatedAt: now,
    };
    // A new link replaces the previous one; a confirmation that raced ahead is never undone.
    await ctx.db
      .insert(newsletterSubscriptions)
      .values({ id: newId('newsletter'), email: input.email, createdAt: now, ...pending })
      .onConflictDoUpdate({
        target: newsletterSubscriptions.email,
        set: pending,
        setWhere: ne(newsletterSubscriptions.status, 'confirmed'),
      });
    await sendMailSafely(ctx.ports.mailer, emails.newsletterConfirm(input.email, `${ctx.request.appUrl}/newsletter?token=${token}`));
    return { sent: true as const };
}

export async function confirmSubscription(ctx: Context, input: { token: string }) {
    const now = ctx.ports.clock.now();
    const unsubscribeToken = randomToken(32);
    const [row] = await ctx.db
      .update(newsletterSubscriptions)
      .set({
        status: 'confirmed',
        confirmedAt: now,
        tokenHash: null,
        tokenExpiresAt: null,
        unsubscribeTokenHash: await sha256Hex(unsubscribeToken),
        updatedAt: now,
      })
      .where(
        and(
          eq(newsletterSubscriptions.tokenHash, await sha256Hex(input.token)),
          eq(newsletterSubscriptions.status, 'pending'),
          gt(newsletterSubscriptions.tokenExpiresAt, now),
        ),
      )
      .returning({ email: newsletterSubscriptions.email });
    if (!row) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: 'This confirmation link is invalid or has expired. Subscribe again to get a new one.' });
    }
    await sendMailSafely(ctx.ports.mailer, emails.newsletterWelcome(row.email, `${ctx.request.appUrl}/newsletter?unsubscribe=${unsubscribeToken}`));
    return { confirmed: true as const, email: row.email };
}

export async function unsubscribe(ctx: Context, input: { token: string }) {
    const now = ctx.ports.clock.now();
    const [row] = await ctx.db
      .select({ id: newsletterSubscriptions.id, email: newsletterSubscriptions.email, status: newsletterSubscriptions.status })
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.unsubscribeTokenHash, await sha256Hex(input.token)))
      .limit(1);
    if (!row) throw new TRPCError({ code: 'BAD_REQUEST', message: 'This unsubscribe link is invalid. Use the link of your latest newsletter email.' });
    if (row.status === 'unsubscribed') return { unsubscribed: true as const, email: null };
    await ctx.db
      .update(newsletterSubscriptions)
      .set({ status: 'unsubscribed', email: erasedEmail(row.id), tokenHash: null, tokenExpiresAt: null, confirmedAt: null, updatedAt: now })
      .where(eq(newsletterSubscriptions.id, row.id));
    return { unsubscribed: true as const, email: row.email as string | null };
}
