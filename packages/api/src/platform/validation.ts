import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './passwords';

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

/** Strength is checked by passwordProblem() so the message can mention the user's details. */
export const passwordSchema = z
  .string({ error: 'Password is required.' })
  .min(1, 'Password is required.')
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`);

export const tokenSchema = z.string({ error: 'The link is missing its token.' }).trim().min(16, 'This link is incomplete. Copy the whole link from the email.').max(200);

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
