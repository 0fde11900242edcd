import { leads, newId } from '@kubemarket/db';
import type { Context } from '../../context';
import { emails } from '../../platform/emails';
import { sendMailSafely } from '../../platform/mailer';
import { addressKey, consumeRateLimit, RATE_LIMITS } from '../../platform/rate-limit';
import type { leadInputSchema } from '@kubemarket/shared';
import type { z } from 'zod';

type LeadInput = z.output<typeof leadInputSchema>;

export async function submitLead(ctx: Context, input: LeadInput) {
    const now = ctx.ports.clock.now();
    await consumeRateLimit(ctx.db, `lead:ip:${addressKey(ctx.request.ipAddress)}`, RATE_LIMITS.leadPerAddress, now);
    await consumeRateLimit(ctx.db, `lead:email:${input.email}`, RATE_LIMITS.leadPerEmail, now);
    const id = newId('lead');
    await ctx.db.insert(leads).values({
      id,
      kind: input.kind,
      name: input.name,
      email: input.email,
      company: input.company ?? null,
      phone: input.phone ?? null,
      message: input.message ?? null,
      details: input.details ?? null,
      ip: ctx.request.ipAddress,
      createdAt: now,
    });
    await sendMailSafely(ctx.ports.mailer, emails.leadReceived(input.email, input.kind, id));
    return { id, received: true as const };
}
