import { z } from 'zod';
import { keysOf } from '../objects';
import { optionalPhoneSchema, optionalText } from './fields';

/**
 * Custom solution requests (/custom-solutions): what a customer needs that the catalogue lacks,
 * answered by the solutions team. The input schema is what `customSolutions.submit` takes; the form
 * schema is the same rules over what the form holds (numbers may be blank, the budget in whole euros).
 */

export const CUSTOM_SOLUTION_CATEGORY_LABELS = {
  cluster_shape: 'Cluster shape or size',
  hardware: 'Hardware (GPUs, bare metal, storage)',
  region: 'Region or data residency',
  compliance: 'Compliance or certification',
  managed_service: 'Managed service or middleware',
  integration: 'Integration with your systems',
  other: 'Something else',
};
export const CUSTOM_SOLUTION_CATEGORIES = keysOf(CUSTOM_SOLUTION_CATEGORY_LABELS);
export type CustomSolutionCategory = keyof typeof CUSTOM_SOLUTION_CATEGORY_LABELS;

/** submitted → in_review → proposal_sent, or declined; closed once the request needs nothing more. */
export const CUSTOM_SOLUTION_STATUS_LABELS = {
  submitted: 'Submitted',
  in_review: 'In review',
  proposal_sent: 'Proposal sent',
  declined: 'Declined',
  closed: 'Closed',
};
export const CUSTOM_SOLUTION_STATUSES = keysOf(CUSTOM_SOLUTION_STATUS_LABELS);
export type CustomSolutionStatus = keyof typeof CUSTOM_SOLUTION_STATUS_LABELS;

export const CONTACT_PREFERENCE_LABELS = {
  email: 'Email',
  phone: 'Phone call',
  meeting: 'Video meeting',
};
export const CONTACT_PREFERENCES = keysOf(CONTACT_PREFERENCE_LABELS);
export type ContactPreference = keyof typeof CONTACT_PREFERENCE_LABELS;

/** What the form and the confirmation promise. */
export const CUSTOM_SOLUTION_REPLY_PROMISE = 'Our solutions team replies within 2 business days.';

export const CUSTOM_SOLUTION_SUBJECT_MIN = 5;
export const CUSTOM_SOLUTION_SUBJECT_MAX = 120;
export const CUSTOM_SOLUTION_DESCRIPTION_MIN = 20;
export const CUSTOM_SOLUTION_DESCRIPTION_MAX = 5000;
export const CUSTOM_SOLUTION_SCALE_DETAILS_MAX = 2000;
export const CUSTOM_SOLUTION_RESPONSE_MAX = 5000;
export const CUSTOM_SOLUTION_MAX_NODES = 10_000;
/** 10 million euros a month. */
export const CUSTOM_SOLUTION_MAX_BUDGET_EUROS = 10_000_000;

const subjectSchema = z
  .string({ error: 'Subject is required.' })
  .trim()
  .min(1, 'Subject is required.')
  .min(CUSTOM_SOLUTION_SUBJECT_MIN, `Subject must be at least ${CUSTOM_SOLUTION_SUBJECT_MIN} characters.`)
  .max(CUSTOM_SOLUTION_SUBJECT_MAX, `Subject must be at most ${CUSTOM_SOLUTION_SUBJECT_MAX} characters.`);

const descriptionSchema = z
  .string({ error: 'Description is required.' })
  .trim()
  .min(1, 'Description is required.')
  .min(CUSTOM_SOLUTION_DESCRIPTION_MIN, `Please describe what you need in at least ${CUSTOM_SOLUTION_DESCRIPTION_MIN} characters.`)
  .max(CUSTOM_SOLUTION_DESCRIPTION_MAX, `Description must be at most ${CUSTOM_SOLUTION_DESCRIPTION_MAX} characters.`);

const categorySchema = z.enum(CUSTOM_SOLUTION_CATEGORIES, { error: 'Choose what kind of solution you need.' });

const contactPreferenceSchema = z.enum(CONTACT_PREFERENCES, { error: 'Choose how we should contact you: email, phone or meeting.' });

const expectedNodesSchema = z
  .number({ error: 'Expected nodes must be a number.' })
  .int('Expected nodes must be a whole number.')
  .min(1, 'Expected nodes must be at least 1.')
  .max(CUSTOM_SOLUTION_MAX_NODES, `Expected nodes must be at most ${CUSTOM_SOLUTION_MAX_NODES.toLocaleString('en-GB')}.`);

const BUDGET_TOO_HIGH = `Monthly budget must be at most €${CUSTOM_SOLUTION_MAX_BUDGET_EUROS.toLocaleString('en-GB')}.`;

const budgetCentsSchema = z
  .number({ error: 'Monthly budget must be a number of euro cents.' })
  .int('Monthly budget must be a whole number of euro cents.')
  .min(0, 'Monthly budget cannot be negative.')
  .max(CUSTOM_SOLUTION_MAX_BUDGET_EUROS * 100, BUDGET_TOO_HIGH)
  .describe('EUR cents per month.');

const budgetEurosSchema = z
  .number({ error: 'Monthly budget must be a number.' })
  .int('Monthly budget must be a whole number of euros.')
  .min(0, 'Monthly budget cannot be negative.')
  .max(CUSTOM_SOLUTION_MAX_BUDGET_EUROS, BUDGET_TOO_HIGH);

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `value` is a real calendar day written YYYY-MM-DD (no 2027-02-30). */
function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * The earliest desired date accepted at `now`: yesterday in UTC, so that "today" where the customer
 * is (anywhere from UTC-12 to UTC+14) is never refused as past.
 */
export function earliestDesiredDate(now: number = Date.now()): string {
  return new Date(now - 24 * 60 * 60_000).toISOString().slice(0, 10);
}

/** A calendar day, YYYY-MM-DD, today or later; blank means none. */
const desiredDateSchema = z
  .string({ error: 'Desired date must be a date (YYYY-MM-DD).' })
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined))
  .refine((value) => value === undefined || isCalendarDate(value), { message: 'Desired date must be a date (YYYY-MM-DD).' })
  .refine((value) => value === undefined || !isCalendarDate(value) || value >= earliestDesiredDate(), { message: 'Desired date cannot be in the past.' })
  .refine((value) => value === undefined || value < '2100-01-01', { message: 'Desired date is too far in the future.' })
  .describe('Calendar day the solution is needed by, YYYY-MM-DD.');

function hasPhoneForCalls(values: { contactPreference: ContactPreference; contactPhone?: string | undefined }): boolean {
  return values.contactPreference !== 'phone' || Boolean(values.contactPhone);
}

/**
 * A call needs a number. Checked even when other fields are wrong (zod skips object refinements
 * then by default), so that the form lists every mistake at once; not when these two fields are.
 */
const PHONE_FOR_CALLS = {
  path: ['contactPhone'],
  message: 'Give a phone number so that we can call you, or choose another way to be contacted.',
  when: (payload: z.core.ParsePayload) => !payload.issues.some((issue) => issue.path?.[0] === 'contactPreference' || issue.path?.[0] === 'contactPhone'),
};

const commonFields = {
  subject: subjectSchema,
  category: categorySchema,
  description: descriptionSchema,
  scaleDetails: optionalText('Environments and scale', CUSTOM_SOLUTION_SCALE_DETAILS_MAX).describe('Environments, workloads, traffic or data volumes.'),
  desiredDate: desiredDateSchema,
  contactPreference: contactPreferenceSchema,
  contactPhone: optionalPhoneSchema.describe('Needed when the contact preference is phone.'),
};

/** What `customSolutions.submit` takes (POST /api/custom-solutions). */
export const customSolutionRequestInputSchema = z
  .object({
    ...commonFields,
    expectedNodes: expectedNodesSchema.optional().describe('Nodes the solution is expected to need.'),
    monthlyBudgetCents: budgetCentsSchema.optional(),
    contactPreference: contactPreferenceSchema.default('email'),
  })
  .refine(hasPhoneForCalls, PHONE_FOR_CALLS);

/** A blank number field (Mantine's NumberInput holds '') is no value. */
const blankAsAbsent = (schema: z.ZodNumber) => z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());

/** The request form: the input's rules over what the form holds. */
export const customSolutionRequestFormSchema = z
  .object({
    ...commonFields,
    expectedNodes: blankAsAbsent(expectedNodesSchema),
    monthlyBudgetEuros: blankAsAbsent(budgetEurosSchema),
  })
  .refine(hasPhoneForCalls, PHONE_FOR_CALLS);

export type CustomSolutionRequestInput = z.input<typeof customSolutionRequestInputSchema>;

export interface CustomSolutionRequestFormValues {
  subject: string;
  category: CustomSolutionCategory | '';
  description: string;
  scaleDetails: string;
  expectedNodes: number | '';
  monthlyBudgetEuros: number | '';
  desiredDate: string;
  contactPreference: ContactPreference;
  contactPhone: string;
}

/** A new request's form: nothing written yet, contact by email. */
export const EMPTY_CUSTOM_SOLUTION_FORM: Readonly<CustomSolutionRequestFormValues> = {
  subject: '',
  category: '',
  description: '',
  scaleDetails: '',
  expectedNodes: '',
  monthlyBudgetEuros: '',
  desiredDate: '',
  contactPreference: 'email',
  contactPhone: '',
};

/** The input the form's values make: trimmed, blanks left out, the budget in cents. */
export function toCustomSolutionRequestInput(values: CustomSolutionRequestFormValues): CustomSolutionRequestInput {
  const optional = (value: string) => value.trim() || undefined;
  return {
    subject: values.subject.trim(),
    category: values.category as CustomSolutionCategory,
    description: values.description.trim(),
    scaleDetails: optional(values.scaleDetails),
    expectedNodes: values.expectedNodes === '' ? undefined : values.expectedNodes,
    monthlyBudgetCents: values.monthlyBudgetEuros === '' ? undefined : Math.round(values.monthlyBudgetEuros * 100),
    desiredDate: optional(values.desiredDate),
    contactPreference: values.contactPreference,
    contactPhone: values.contactPreference === 'phone' ? optional(values.contactPhone) : undefined,
  };
}

/** Staff answer a request (`customSolutions.staffUpdate`): its status, the response the customer reads, who handles it. */
export const customSolutionStaffUpdateInputSchema = z.object({
  id: z.string({ error: 'Request id is required.' }).trim().min(1, 'Request id is required.').max(64, 'Request id is too long.'),
  status: z.enum(CUSTOM_SOLUTION_STATUSES, { error: `Status must be one of: ${CUSTOM_SOLUTION_STATUSES.join(', ')}.` }).optional(),
  response: z
    .string({ error: 'Response must be text.' })
    .trim()
    .max(CUSTOM_SOLUTION_RESPONSE_MAX, `Response must be at most ${CUSTOM_SOLUTION_RESPONSE_MAX} characters.`)
    .optional()
    .describe('What the customer reads; an empty text removes the response.'),
  assignToMe: z.boolean({ error: 'assignToMe must be true or false.' }).optional().describe('true: you handle the request; false: nobody does.'),
});

export type CustomSolutionStaffUpdateInput = z.input<typeof customSolutionStaffUpdateInputSchema>;
