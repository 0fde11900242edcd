import { z } from 'zod';
import { emailSchema, optionalPhoneSchema, optionalText, personNameSchema } from './fields';

/** The public request forms: contact sales, demo, quote, migration and contact. */
export const LEAD_KINDS = ['contact_sales', 'schedule_demo', 'custom_quote', 'workload_migration', 'contact'] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];

export const LEAD_MAX_DETAILS = 40;

/** Form-specific answers (preferred date, node count, current provider ...), kept small. */
export const leadDetailsSchema = z
  .record(
    z.string().trim().min(1, 'Detail names cannot be empty.').max(64, 'Detail names must be at most 64 characters.'),
    z.union([z.string().trim().max(2000, 'Detail values must be at most 2000 characters.'), z.number().finite(), z.boolean()], {
      error: 'Detail values must be text, numbers or true/false.',
    }),
    { error: 'Details must be an object of names and values.' },
  )
  .refine((details) => Object.keys(details).length <= LEAD_MAX_DETAILS, { message: `At most ${LEAD_MAX_DETAILS} details can be sent.` })
  .optional();

/** What a request form sends (`leads.submit`). */
export const leadInputSchema = z.object({
  kind: z.enum(LEAD_KINDS, { error: `Kind must be one of: ${LEAD_KINDS.join(', ')}.` }),
  name: personNameSchema,
  email: emailSchema,
  company: optionalText('Company', 120),
  phone: optionalPhoneSchema,
  message: optionalText('Message', 5000),
  details: leadDetailsSchema,
});

export type LeadInput = z.input<typeof leadInputSchema>;
