import { z } from 'zod';

/**
 * The field rules every form and every procedure input share: one email rule, one username rule,
 * one password rule. The server is the judge; the client runs the same schemas so most mistakes are
 * caught before a request, with the server's own words.
 */

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

export const emailSchema = z
  .string({ error: 'Email is required.' })
  .trim()
  .toLowerCase()
  .max(254, 'Email must be at most 254 characters.')
  .pipe(z.email('Enter a valid email address.'));

export const usernameSchema = z
  .string({ error: 'Username is required.' })
  .trim()
  .toLowerCase()
  .min(3, 'Username must be at least 3 characters.')
  .max(32, 'Username must be at most 32 characters.')
  .regex(/^[a-z0-9][a-z0-9_.-]*$/, 'Username may only contain letters, digits, dots, dashes and underscores.');

export const personNameSchema = z
  .string({ error: 'Name is required.' })
  .trim()
  .min(1, 'Name is required.')
  .max(100, 'Name must be at most 100 characters.');

export const companyNameSchema = z
  .string({ error: 'Company name is required.' })
  .trim()
  .min(2, 'Company name must be at least 2 characters.')
  .max(120, 'Company name must be at most 120 characters.');

/**
 * A password as typed to prove who one is (sign-in, current password): present and not absurdly
 * long. Whether a password may be chosen is passwordProblem()'s question.
 */
export const passwordSchema = z
  .string({ error: 'Password is required.' })
  .min(1, 'Password is required.')
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`);

export interface PasswordContext {
  email?: string;
  username?: string;
}

/**
 * Why a password cannot be chosen, or null when it is acceptable (NIST SP 800-63B rules).
 * `isCommon` gets the lower-cased password and tells whether it is on a list of common passwords;
 * only the server carries that list, so the client leaves that one check to it.
 */
export function passwordProblem(
  password: string,
  context: PasswordContext = {},
  isCommon: (lowerCasedPassword: string) => boolean = () => false,
): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > PASSWORD_MAX_LENGTH) return `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`;
  const lower = password.toLowerCase();
  if (isCommon(lower)) return 'This password is too common. Choose one that is harder to guess.';
  if (/^(.)\1+$/.test(password)) return 'Password cannot be a single repeated character.';
  const local = context.email?.split('@')[0]?.toLowerCase();
  if ((local && local.length >= 4 && lower.includes(local)) || (context.username && context.username.length >= 4 && lower.includes(context.username.toLowerCase()))) {
    return 'Password must not contain your username or email address.';
  }
  return null;
}

/** A password being chosen (registration, reset, change): passwordProblem()'s rules as a schema. */
export const newPasswordSchema = passwordSchema.superRefine((password, ctx) => {
  // An empty one already says 'Password is required.'; one message per mistake.
  if (!password || password.length > PASSWORD_MAX_LENGTH) return;
  const problem = passwordProblem(password);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const tokenSchema = z
  .string({ error: 'The link is missing its token.' })
  .trim()
  .min(16, 'This link is incomplete. Copy the whole link from the email.')
  .max(200);

/** Optional free text: blank means absent, so forms can send their empty fields as they are. */
export function optionalText(label: string, max: number) {
  return z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .optional()
    .transform((value) => (value ? value : undefined));
}

const PHONE = /^\+?[0-9(][0-9 ()./-]{4,22}[0-9]$/;

/** International or national numbers with the usual separators: "+33 1 23 45 67 89", "(030) 1234-567". */
export const optionalPhoneSchema = z
  .string({ error: 'Phone must be text.' })
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined))
  .refine((value) => value === undefined || (PHONE.test(value) && value.replace(/\D/g, '').length >= 6), {
    message: 'Enter a valid phone number, e.g. +33 1 23 45 67 89.',
  });
