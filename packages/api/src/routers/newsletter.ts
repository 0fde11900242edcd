import { newId, newsletterSubscriptions } from '@kubemarket/db';
import { TRPCError } from '@trpc/server';
import { and, eq, gt, ne } from 'drizzle-orm';
import { z } from 'zod';
import { randomToken, sha256Hex } from '../lib/crypto';
import { emails } from '../services/emails';
import { sendMailSafely } from '../services/mailer';
import { consumeRateLimit, RATE_LIMITS } from '../services/rate-limit';
import { publicProcedure, router } from '../trpc';
import { emailSchema, tokenSchema } from '../validation';

export const NEWSLETTER_CONFIRM_TTL_MS = 48 * 60 * 60_000;

/** Unique and not an address: the email column stays unique and non-null after erasure. */
const erasedEmail = (id: string) => `erased:${id}`;

export const newsletterRouter = router({
  /**
   * Double opt-in: mails a confirmation link. The answer is the same whatever the address's
   * state, so nobody can learn who is subscribed.
   */
  subscribe: publicProcedure.input(z.object({ email: emailSchema })).mutation(async ({ ctx, input }) => {
    const now = ctx.ports.clock.now();
    await consumeRateLimit(ctx.db, `newsletter:ip:${ctx.request.ipAddress ?? 'unknown'}`, RATE_LIMITS.newsletterPerAddress, now);
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
  }),

  /** Single use, valid 48 hours; mails the unsubscribe link. */
  confirm: publicProcedure.input(z.object({ token: tokenSchema })).mutation(async ({ ctx, input }) => {
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
  }),

  /**
   * The link of the welcome email. The address is erased, as the newsletter page promises; the
   * row stays as a tombstone so a second click still says "unsubscribed" (with no address).
   */
  unsubscribe: publicProcedure.input(z.object({ token: tokenSchema })).mutation(async ({ ctx, input }) => {
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
  }),
});
