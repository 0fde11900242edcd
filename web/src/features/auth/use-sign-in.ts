import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { sessionStore } from '../../lib/browser-storage';
import { useTRPC } from '../../lib/trpc';
import { challengeOf, saveMfaChallenge } from './auth-storage';
import type { MfaChallenge } from './auth-storage';
import { authToasts } from './auth-toasts';
import type { SessionUser, SignInResult } from './auth-types';
import { isMfaRequired, isMfaSetupRequired } from './auth-types';
import { useCompleteSignIn, type SignInKind } from './use-complete-sign-in';

/**
 * What a password or magic-link sign-in answer leads to. A pending step (the authenticator code,
 * or the set-up staff must do) signs nobody in: it is kept in session storage and handed on.
 */
export function useSignInAnswer(onChallenge: (challenge: MfaChallenge) => void) {
  const completeSignIn = useCompleteSignIn();
  return useCallback(
    (result: SignInResult) => {
      if (isMfaRequired(result) || isMfaSetupRequired(result)) {
        const challenge = challengeOf(result);
        saveMfaChallenge(sessionStore(), challenge);
        onChallenge(challenge);
        return;
      }
      void completeSignIn(result, 'login');
    },
    [completeSignIn, onChallenge],
  );
}

/** Password sign-in. */
export function useLogin(onChallenge: (challenge: MfaChallenge) => void) {
  const trpc = useTRPC();
  const answer = useSignInAnswer(onChallenge);
  return useMutation(
    trpc.auth.login.mutationOptions({
      onSuccess: answer,
      onError(error) {
        authToasts.loginFailed(error.message);
      },
    }),
  );
}

/** What a mutation answering the signed-in user does once it succeeds: completes that kind of sign-in. */
function useSignedIn(kind: SignInKind) {
  const completeSignIn = useCompleteSignIn();
  return (user: SessionUser) => completeSignIn(user, kind);
}

/** The authenticator code of a pending sign-in. */
export function useVerifyMfa() {
  const trpc = useTRPC();
  return useMutation(trpc.auth.verifyMfa.mutationOptions({ onSuccess: useSignedIn('login') }));
}

export function useRegister() {
  const trpc = useTRPC();
  const signedIn = useSignedIn('registration');
  return useMutation(
    trpc.auth.register.mutationOptions({
      onSuccess: signedIn,
      onError(error) {
        authToasts.registrationFailed(error.message);
      },
    }),
  );
}
