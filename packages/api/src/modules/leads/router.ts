import { LEAD_KINDS } from '@kubemarket/db';
import { z } from 'zod';
import { publicProcedure, router } from '../../trpc';
import { submitLead } from './service';
import { emailSchema, optionalPhoneSchema, optionalText, personNameSchema } from '../../platform/validation';

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

export type LeadInput = z.infer<typeof leadInputSchema>;

export const leadsRouter = router({
  /** The public request forms: contact sales, demo, quote, migration and contact. */
  submit: publicProcedure
    .meta({ rest: { method: 'POST', path: '/api/leads', summary: 'Send a sales, demo, quote, migration or contact request', tags: ['Public site'] } })
    .input(leadInputSchema)
    .output(z.object({ id: z.string(), received: z.literal(true) }))
    .mutation(({ ctx, input }) => submitLead(ctx, input)),
});
