import { z } from 'zod';

/**
 * The code steps of two-step verification. The form schemas of sign-in, registration, password and
 * email changes, and the field rules they share with the server, live in @kubemarket/shared.
 */

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
