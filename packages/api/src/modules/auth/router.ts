import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { consoleUserSchema, recoveryCodesSchema, sentSchema, sessionUserSchema, signInResultSchema, successSchema, totpSetupSchema } from '../../platform/contracts';
import {
  AUTH_TOKEN_PURPOSES,
} from '@kubemarket/db';
import {
  emailLinkInfoInputSchema,
  emailRequestInputSchema,
  passwordResetInputSchema,
  passwordSchema,
  registrationInputSchema,
  signInIdentifierSchema,
  tokenInputSchema,
  tokenSchema,
  totpCodeSchema,
} from '@kubemarket/shared';
import { publicProcedure, router } from '../../trpc';
import * as auth from './service';

const TAGS: ['Authentication'] = ['Authentication'];

const identifierSchema = signInIdentifierSchema;

/** Scripts may send `{ username }` or `{ email }` instead of `{ identifier }`. */
const loginInput = z
  .object({
    identifier: identifierSchema.optional(),
    username: identifierSchema.optional(),
    email: identifierSchema.optional(),
    password: passwordSchema,
  })
  .superRefine((value, context) => {
    if (!value.identifier && !value.username && !value.email) context.addIssue({ code: 'custom', path: ['identifier'], message: 'Enter your email or username.' });
  })
  .transform((value) => ({ identifier: (value.identifier ?? value.username ?? value.email)!, password: value.password }));

export const authRouter = router({
  /** The console's session probe: null when anonymous (docs/product/roles.md: a 401 is not an error). */
  me: publicProcedure.output(consoleUserSchema.nullable()).query(({ ctx }) => ctx.user),

  /** `GET /api/user` (docs/product/calls.md): any valid API token may read who it acts for. */
  user: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/user', summary: 'The signed-in user', tags: TAGS } })
    .output(sessionUserSchema)
    .query(({ ctx }) => {
      if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Not signed in.' });
      return ctx.user;
    }),

  register: publicProcedure
    .meta({ rest: { method: 'POST', path: '/api/register', summary: 'Register an organisation and its owner, and sign in', tags: TAGS } })
    .input(registrationInputSchema)
    .output(consoleUserSchema)
    .mutation(({ ctx, input }) => auth.register(ctx, input)),

  login: publicProcedure
    .meta({ rest: { method: 'POST', path: '/api/login', summary: 'Sign in with email or username and password', tags: TAGS, description: 'Answers the user, or `mfaRequired` with a token for POST /api/login/mfa when two-step verification is on.' } })
    .input(loginInput)
    .output(signInResultSchema)
    .mutation(({ ctx, input }) => auth.signInWithPassword(ctx, input)),

  verifyMfa: publicProcedure
    .meta({ rest: { method: 'POST', path: '/api/login/mfa', summary: 'Complete a sign-in with a TOTP or recovery code', tags: TAGS } })
    .input(z.object({ mfaToken: tokenSchema, code: z.string().trim().min(6, 'Enter the 6-digit code or a recovery code.').max(40, 'That code is too long.') }))
    .output(consoleUserSchema)
    .mutation(({ ctx, input }) => auth.completeMfa(ctx, input.mfaToken, input.code)),

  mfaEnrollmentStart: publicProcedure
    .meta({ rest: { method: 'POST', path: '/api/login/mfa/setup', summary: 'Staff sign-in: get an authenticator secret to set up two-step verification', tags: TAGS } })
    .input(z.object({ mfaToken: tokenSchema }))
    .output(totpSetupSchema)
    .mutation(({ ctx, input }) => auth.startMfaEnrollment(ctx, input.mfaToken)),

  mfaEnrollmentComplete: publicProcedure
    .meta({ rest: { method: 'POST', path: '/api/login/mfa/setup/confirm', summary: 'Staff sign-in: confirm the first code, get recovery codes and the session', tags: TAGS } })
    .input(z.object({ mfaToken: tokenSchema, code: totpCodeSchema }))
    .output(recoveryCodesSchema.extend({ user: consoleUserSchema }))
    .mutation(({ ctx, input }) => auth.completeMfaEnrollment(ctx, input.mfaToken, input.code)),

  logout: publicProcedure
    .meta({ rest: { method: 'POST', path: '/api/logout', summary: 'Sign out this session', tags: TAGS } })
    .output(successSchema)
    .mutation(({ ctx }) => auth.signOut(ctx)),

  resendVerification: publicProcedure
    .meta({ rest: { method: 'POST', path: '/api/auth/resend-verification', summary: 'Send the email verification link again', tags: TAGS } })
    .input(emailRequestInputSchema)
    .output(sentSchema)
    .mutation(({ ctx, input }) => auth.resendVerification(ctx, input.email)),

  emailLinkInfo: publicProcedure
    .meta({ rest: { method: 'POST', path: '/api/auth/email-link', summary: 'What an emailed link will do, without using it', tags: TAGS, description: 'The console shows the address and the action before the person presses the button that spends the token.' } })
    .input(emailLinkInfoInputSchema)
    .output(z.object({ purpose: z.enum(AUTH_TOKEN_PURPOSES), email: z.string(), expiresAt: z.number().int() }))
    // A POST like the others: the token must never sit in a URL (logs, Referer).
    .mutation(({ ctx, input }) => auth.emailLinkInfo(ctx, input)),

  verifyEmail: publicProcedure
    .meta({ rest: { method: 'POST', path: '/api/auth/verify-email', summary: 'Verify an email address with the emailed token', tags: TAGS } })
    .input(tokenInputSchema)
    .output(z.object({ email: z.string(), verified: z.literal(true) }))
    .mutation(({ ctx, input }) => auth.verifyEmail(ctx, input.token)),

  requestPasswordReset: publicProcedure
    .meta({ rest: { method: 'POST', path: '/api/auth/forgot-password', summary: 'Email a password reset link', tags: TAGS } })
    .input(emailRequestInputSchema)
    .output(sentSchema)
    .mutation(({ ctx, input }) => auth.requestPasswordReset(ctx, input.email)),

  resetPassword: publicProcedure
    .meta({ rest: { method: 'POST', path: '/api/auth/reset-password', summary: 'Set a new password with the emailed token', tags: TAGS } })
    .input(passwordResetInputSchema)
    .output(z.object({ reset: z.literal(true) }))
    .mutation(({ ctx, input }) => auth.resetPassword(ctx, input)),

  requestMagicLink: publicProcedure
    .meta({ rest: { method: 'POST', path: '/api/auth/magic-link', summary: 'Email a one-time sign-in link', tags: TAGS } })
    .input(emailRequestInputSchema)
    .output(sentSchema)
    .mutation(({ ctx, input }) => auth.requestMagicLink(ctx, input.email)),

  consumeMagicLink: publicProcedure
    .meta({ rest: { method: 'POST', path: '/api/auth/magic-link/consume', summary: 'Sign in with a one-time link token', tags: TAGS } })
    .input(tokenInputSchema)
    .output(signInResultSchema)
    .mutation(({ ctx, input }) => auth.consumeMagicLink(ctx, input.token)),
});
