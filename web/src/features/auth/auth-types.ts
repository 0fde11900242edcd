import type { AppRouter } from '@kubemarket/api';
import type { inferRouterOutputs } from '@trpc/server';

type Outputs = inferRouterOutputs<AppRouter>;

/** The signed-in user (docs/product/entities.md#session-user). */
export type SessionUser = NonNullable<Outputs['auth']['me']>;

/** What a password or magic-link sign-in answers: the user, or the step that must come first. */
export type SignInResult = Outputs['auth']['login'];

/** A sign-in that proved the password (or link) but still needs the authenticator code. */
export type MfaRequired = Extract<SignInResult, { mfaRequired: true }>;

/** A staff sign-in without two-step verification: it must be set up before any session is issued. */
export type MfaSetupRequired = Extract<SignInResult, { mfaSetupRequired: true }>;

export function isMfaRequired(result: SignInResult): result is MfaRequired {
  return 'mfaRequired' in result && result.mfaRequired === true;
}

export function isMfaSetupRequired(result: SignInResult): result is MfaSetupRequired {
  return 'mfaSetupRequired' in result && result.mfaSetupRequired === true;
}
