import { z } from 'zod';

/**
 * The code steps of two-step verification. The form schemas of sign-in, registration, password and
 * email changes, and the field rules they share with the server, live in @kubemarket/shared.
 */

/** The longest code the server takes (`auth.verifyMfa`). */
export const MFA_CODE_MAX_LENGTH = 40;

/**
 * A 6-digit authenticator code, or a recovery code: today 24 letters and digits in groups of six
 * ("abcdef-ghijkl-mnopqr-stuvwx"), earlier ones 10 ("k3m9x-p2q7d"). Groups may be typed with or
 * without their dashes; the server ignores them.
 */
export const MFA_CODE_PATTERN = /^(?:\d{6}|(?=(?:[A-Za-z0-9]-?){10,32}$)[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*)$/;

export const RECOVERY_CODE_EXAMPLE = 'abcdef-ghijkl-mnopqr-stuvwx';

/** Spaces are dropped: codes are often pasted or typed in groups. */
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
        .max(MFA_CODE_MAX_LENGTH, 'That code is too long.')
        .regex(MFA_CODE_PATTERN, `Enter the 6-digit code from your app or a recovery code such as ${RECOVERY_CODE_EXAMPLE}.`),
    ),
});

export const totpCodeSchema = z.object({
  code: z
    .string()
    .transform(normalizeMfaCode)
    .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.')),
});
