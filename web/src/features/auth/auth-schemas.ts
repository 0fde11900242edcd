import { z } from 'zod';

/**
 * Client-side checks mirroring the server's rules, so most mistakes are caught before a request.
 * The server stays the judge: its message is shown for anything these let through.
 */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

export const emailField = z
  .string()
  .trim()
  .min(1, 'Email is required.')
  .max(254, 'Email must be at most 254 characters.')
  .pipe(z.email('Enter a valid email address.'));

export const newPasswordField = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`);

export const currentPasswordField = z.string().min(1, 'Enter your current password.');

export const personNameField = z
  .string()
  .trim()
  .min(1, 'Name is required.')
  .max(100, 'Name must be at most 100 characters.');

export const signInSchema = z.object({
  identifier: z.string().trim().min(1, 'Enter your email or username.').max(254, 'This is too long for an email or username.'),
  password: z.string().min(1, 'Enter your password.'),
});

export const registerSchema = z
  .object({
    name: personNameField,
    email: emailField,
    username: z
      .string()
      .trim()
      .min(3, 'Username must be at least 3 characters.')
      .max(32, 'Username must be at most 32 characters.')
      .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, 'Username may only contain letters, digits, dots, dashes and underscores.'),
    companyName: z
      .string()
      .trim()
      .min(2, 'Company name must be at least 2 characters.')
      .max(120, 'Company name must be at most 120 characters.'),
    password: newPasswordField,
    confirmPassword: z.string(),
  })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match.',
  });

/** A 6-digit authenticator code, or a recovery code such as "k3m9x-p2q7d". */
export const MFA_CODE_PATTERN = /^(\d{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/;

export function normalizeMfaCode(code: string): string {
  return code.replace(/\s+/g, '');
}

export const mfaCodeSchema = z.object({
  code: z
    .string()
    .transform(normalizeMfaCode)
    .pipe(
      z
        .string()
        .min(1, 'Enter the 6-digit code from your authenticator app.')
        .regex(MFA_CODE_PATTERN, 'Enter the 6-digit code from your app or a recovery code such as xxxxx-xxxxx.'),
    ),
});

export const totpCodeSchema = z.object({
  code: z
    .string()
    .transform(normalizeMfaCode)
    .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.')),
});

export const emailOnlySchema = z.object({ email: emailField });

export const resetPasswordSchema = z
  .object({ password: newPasswordField, confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match.',
  });
