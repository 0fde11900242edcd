import { LEAD_KINDS, leads, newId } from '@kubemarket/db';
import { z } from 'zod';
import { emails } from '../services/emails';
import { sendMailSafely } from '../services/mailer';
import { consumeRateLimit, RATE_LIMITS } from '../services/rate-limit';
import { publicProcedure, router } from '../trpc';
import { emailSchema, optionalPhoneSchema, optionalText, personNameSchema } from '../validation';

const MAX_DETAILS = 40;

/** Form-specific answers (preferred date, node count, current provider ...), kept small. */
const detailsSchema = z
  .record(
    z.string().trim().min(1, 'Detail names cannot be empty.').max(64, 'Detail names must be at most 64 characters.'),
    z.union([z.string().trim().max(2000, 'Detail values must be at most 2000 characters.'), z.number().finite(), z.boolean()], {
      error: 'Detail values must be text, numbers or true/false.',
    }),
    { error: 'Details must be an object of names and values.' },
  )
  .refine((details) => Object.keys(details).length <= MAX_DETAILS, { message: `At most ${MAX_DETAILS} details can be sent.` })
  .optional();

export const leadInputSchema = z.object({
  kind: z.enum(LEAD_KINDS, { error: `Kind must be one of: ${LEAD_KINDS.join(', ')}.` }),
  name: personNameSchema,
  email: emailSchema,
  company: optionalText('Company', 120),
  phone: optionalPhoneSchema,
  message: optionalText('Message', 5000),
  details: detailsSchema,
});

export const leadsRouter = router({
  /** The public request forms: contact sales, demo, quote, migration and contact. */
  submit: publicProcedure.input(leadInputSchema).mutation(async ({ ctx, input }) => {
    const now = ctx.ports.clock.now();
    await consumeRateLimit(ctx.db, `lead:ip:${ctx.request.ipAddress ?? 'unknown'}`, RATE_LIMITS.leadPerAddress, now);
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
  }),
});
