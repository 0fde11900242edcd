import { USER_ROLES } from '@kubemarket/db';
import { ORGANIZATION_ROLES } from '@kubemarket/shared';
import { z } from 'zod';

/** The session user (docs/product/entities.md#session-user), exactly the fields `GET /api/user` answers with. */
export const sessionUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(USER_ROLES),
  emailVerified: z.boolean(),
  companyName: z.string().nullable(),
  companyId: z.string().nullable().describe('The organisation billing id, e.g. KM-ACME01.'),
  organizationId: z.string(),
});

/** The console's own view of the user adds the organisation role (permissions follow from it). */
export const consoleUserSchema = sessionUserSchema.extend({ organizationRole: z.enum(ORGANIZATION_ROLES) });

export const mfaRequiredSchema = z.object({
  mfaRequired: z.literal(true),
  mfaToken: z.string().describe('Send it with the code to POST /api/login/mfa.'),
  tempUserId: z.string(),
});

export const mfaSetupRequiredSchema = z.object({
  mfaSetupRequired: z.literal(true).describe('Staff accounts must use two-step verification: set it up before any session is issued.'),
  mfaToken: z.string().describe('Send it to POST /api/login/mfa/setup, then with a code to POST /api/login/mfa/setup/confirm.'),
  tempUserId: z.string(),
});

/** What a password or magic-link sign-in answers: the user, or the next step. */
export const signInResultSchema = z.union([consoleUserSchema, mfaRequiredSchema, mfaSetupRequiredSchema]);

export const totpSetupSchema = z.object({ secret: z.string(), otpauthUri: z.string() });
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

export const sentSchema = z.object({ sent: z.literal(true) });
export const successSchema = z.object({ success: z.literal(true) });

/** The page of a list a caller asks for: 1 to 10000, and 1 to `max` (100) rows a page (`pageSize` when left out). */
export const pageInputFields = (pageSize: number, max = 100) => ({
  page: z.number({ error: 'Page must be a number.' }).int('Page must be a whole number.').min(1, 'Page must be at least 1.').max(10_000, 'Page must be at most 10000.').default(1).describe('The page to answer, from 1.'),
  pageSize: z.number({ error: 'Page size must be a number.' }).int('Page size must be a whole number.').min(1, 'Page size must be at least 1.').max(max, `Page size must be at most ${max}.`).default(pageSize).describe(`Items per page, 1 to ${max} (${pageSize} when absent).`),
});

/**
 * A page of a list (ADR 34: every list pages this way): its items, which page, its size, and how
 * many items match over every page. Over REST the answer also links the other pages (`Link`).
 */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int().describe('Items matching, over every page.'),
    page: z.number().int().describe('This page, from 1.'),
    pageSize: z.number().int().describe('Items per page.'),
  });

/** A path parameter naming one record; another organisation's id is a 404. */
export const idParam = (label: string) =>
  z.string({ error: `${label} id is required.` }).trim().min(1, `${label} id is required.`).max(64, `${label} id is too long.`).describe(`The ${label.toLowerCase()}'s id.`);

/** Visible ASCII, as HTTP header values are; long enough to be unique in practice. */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{8,128}$/;

/** A client's key for one attempt (an order, a payment): repeating it answers the first attempt. */
export const idempotencyKeySchema = (what: string) =>
  z
    .string({ error: `${what} is required: a unique string per attempt, e.g. a UUID.` })
    .trim()
    .regex(IDEMPOTENCY_KEY, `${what} is 8 to 128 visible ASCII characters without spaces, e.g. a UUID.`);
