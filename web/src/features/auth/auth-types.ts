import type { AppRouter } from '@kubemarket/api';
import type { inferRouterOutputs } from '@trpc/server';
import type { MfaChallenge } from './auth-storage';

type Outputs = inferRouterOutputs<AppRouter>;

/** The signed-in user (SPEC.md section 3). */
export type SessionUser = NonNullable<Outputs['auth']['me']>;

/** A sign-in that proved the password (or link) but still needs the second factor. */
export interface MfaRequired extends MfaChallenge {
  mfaRequired: true;
}

export type SignInResult = SessionUser | MfaRequired;

export function isMfaRequired(result: SignInResult): result is MfaRequired {
  return 'mfaRequired' in result && result.mfaRequired === true;
}
