import { z } from 'zod';
import { PRODUCT_NAME } from '../constants';

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
 * What is often typed for a letter ('p4ssw0rd'): a password still contains a context word when it
 * spells some of its letters this way.
 */
const LOOKALIKES: Readonly<Record<string, string>> = {
  '0': 'o',
  '1': 'il',
  '!': 'il',
  '|': 'il',
  '3': 'e',
  '4': 'a',
  '@': 'a',
  '5': 's',
  $: 's',
  '7': 't',
  '+': 't',
  '8': 'b',
  '9': 'g',
};

/** Whether the lower-cased password contains the lower-cased word, some of its letters perhaps as LOOKALIKES. */
function containsWord(lowerPassword: string, word: string): boolean {
  const matchesAt = (start: number) => {
    for (let index = 0; index < word.length; index++) {
      const typed = lowerPassword[start + index]!;
      const letter = word[index]!;
      if (typed !== letter && !LOOKALIKES[typed]?.includes(letter)) return false;
    }
    return true;
  };
  for (let start = 0; start + word.length <= lowerPassword.length; start++) {
    if (matchesAt(start)) return true;
  }
  return false;
}

/** Context words shorter than this are not looked for: too many good passwords would contain them. */
const MIN_CONTEXT_WORD_LENGTH = 4;

/**
 * Why a password cannot be chosen, or null when it is acceptable (NIST SP 800-63B rules, OWASP ASVS
 * 5.0 V6.2): its length, a single repeated character, a common password, or context words: the
 * user's email address (whole or its local part), their username and the product's name, each
 * regardless of case and of lookalike characters.
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
  // Before the list, which holds many of these: this says what is wrong with them.
  if (/^(.)\1+$/.test(password)) return 'Password cannot be a single repeated character.';
  const lower = password.toLowerCase();
  if (isCommon(lower)) return 'This password is too common. Choose one that is harder to guess.';
  const email = context.email?.trim().toLowerCase();
  const personal = [email, email?.split('@')[0], context.username?.trim().toLowerCase()];
  if (personal.some((word) => word && word.length >= MIN_CONTEXT_WORD_LENGTH && containsWord(lower, word))) {
    return 'Password must not contain your username or email address.';
  }
  if (containsWord(lower, PRODUCT_NAME.toLowerCase())) return `Password must not contain the name ${PRODUCT_NAME}.`;
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
