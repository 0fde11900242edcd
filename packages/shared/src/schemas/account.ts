import { z } from 'zod';
import {
  companyNameSchema,
  emailSchema,
  newPasswordSchema,
  passwordProblem,
  passwordSchema,
  personNameSchema,
  tokenSchema,
  usernameSchema,
} from './fields';
import { quoteCustomerSchema } from './quote-lines';

/**
 * What the sign-in, registration and account forms send: each `...InputSchema` is the input of the
 * procedure the form calls. A `...FormSchema` adds what only the form has (a confirmation field,
 * checks that compare fields) and what the server checks later in its service (password strength).
 */

const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match.';

/** What a person signs in with: their email address or their username. */
export const signInIdentifierSchema = z
  .string({ error: 'Enter your email or username.' })
  .trim()
  .toLowerCase()
  .min(1, 'Enter your email or username.')
  .max(254);

/** Sign in with email or username and password (`auth.login`). */
export const signInInputSchema = z.object({ identifier: signInIdentifierSchema, password: passwordSchema });

/**
 * Register an organisation and its owner (`auth.register`). The country (France unless said) and
 * the EU VAT number start the organisation's billing profile, which taxes its orders (issue 30).
 */
export const registrationInputSchema = z.object({
  email: emailSchema,
  username: usernameSchema,
  name: personNameSchema,
  password: passwordSchema,
  companyName: companyNameSchema,
  countryCode: quoteCustomerSchema.shape.countryCode,
  vatNumber: quoteCustomerSchema.shape.vatNumber,
});

export const registrationFormSchema = registrationInputSchema
  .extend({ password: newPasswordSchema, confirmPassword: z.string() })
  .superRefine((values, ctx) => {
    // The password field reports the rules that need no context; this adds the one that does.
    if (passwordProblem(values.password) === null) {
      const problem = passwordProblem(values.password, { email: values.email, username: values.username });
      if (problem) ctx.addIssue({ code: 'custom', path: ['password'], message: problem });
    }
    if (values.password !== values.confirmPassword) {
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: PASSWORDS_DO_NOT_MATCH });
    }
    // The VAT number's prefix must match the country, as quotes and orders check it.
    const customer = quoteCustomerSchema.safeParse({ countryCode: values.countryCode, vatNumber: values.vatNumber });
    if (!customer.success) {
      for (const issue of customer.error.issues) if (issue.path[0] === 'vatNumber') ctx.addIssue({ code: 'custom', path: ['vatNumber'], message: issue.message });
    }
  });

/** An email address to send a link to: password reset, magic link, verification again, newsletter subscription. */
export const emailRequestInputSchema = z.object({ email: emailSchema });

/** A token from an emailed link: email verification, magic link, newsletter confirmation and unsubscription. */
export const tokenInputSchema = z.object({ token: tokenSchema });

/** Set a new password with the emailed token (`auth.resetPassword`). */
export const passwordResetInputSchema = z.object({ token: tokenSchema, password: passwordSchema });

export const passwordResetFormSchema = passwordResetInputSchema
  .omit({ token: true })
  .extend({ password: newPasswordSchema, confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, { path: ['confirmPassword'], message: PASSWORDS_DO_NOT_MATCH });

/** Change the display name (`account.updateName`). */
export const profileUpdateInputSchema = z.object({ name: personNameSchema });

/** Change the password, proving the current one (`account.changePassword`). */
export const passwordChangeInputSchema = z.object({ currentPassword: passwordSchema, newPassword: passwordSchema });

export const passwordChangeFormSchema = passwordChangeInputSchema
  .extend({ newPassword: newPasswordSchema, confirmPassword: z.string() })
  .refine((values) => values.newPassword === values.confirmPassword, { path: ['confirmPassword'], message: PASSWORDS_DO_NOT_MATCH })
  .refine((values) => values.newPassword !== values.currentPassword, {
    path: ['newPassword'],
    message: 'Choose a password different from your current one.',
  });

/** Change the email address, proving the password (`account.changeEmail`). */
export const emailChangeInputSchema = z.object({
  currentPassword: passwordSchema,
  newEmail: emailSchema,
  /** When the new address is confirmed, sign out every session but the one that asked. */
  signOutOtherSessions: z.boolean().default(false),
});

/** Prove the password again before a sensitive change, e.g. turning two-step verification off (`security.totpDisable`). */
export const passwordConfirmationInputSchema = z.object({ password: passwordSchema });

/** What an emailed link is for: the page shows it (and the account) before the button spends it. */
export const EMAIL_LINK_KINDS = ['verify', 'reset', 'magic'] as const;
export type EmailLinkKind = (typeof EMAIL_LINK_KINDS)[number];
export const emailLinkInfoInputSchema = z.object({ token: tokenSchema, kind: z.enum(EMAIL_LINK_KINDS) });

/** A 6-digit authenticator code. */
export const totpCodeSchema = z.string().trim().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.');

export type RegistrationInput = z.input<typeof registrationInputSchema>;
