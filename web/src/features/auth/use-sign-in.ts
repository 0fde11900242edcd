import { useMutation } from '@tanstack/react-query';
import { sessionStore } from '../../lib/browser-storage';
import { useTRPC } from '../../lib/trpc';
import { saveMfaChallenge } from './auth-storage';
import type { MfaChallenge } from './auth-storage';
import { authToasts } from './auth-toasts';
import { isMfaRequired } from './auth-types';
import { useCompleteSignIn } from './use-complete-sign-in';

/** Password sign-in. A second-factor challenge is kept in session storage and handed to the page. */
export function useLogin(onMfaRequired: (challenge: MfaChallenge) => void) {
  const trpc = useTRPC();
  const completeSignIn = useCompleteSignIn();
  return useMutation(
    trpc.auth.login.mutationOptions({
      onSuccess(result) {
        if (isMfaRequired(result)) {
          const challenge = { mfaToken: result.mfaToken, tempUserId: result.tempUserId };
          saveMfaChallenge(sessionStore(), challenge);
          onMfaRequired(challenge);
          return;
        }
        completeSignIn(result, 'login');
      },
      onError(error) {
        authToasts.loginFailed(error.message);
      },
    }),
  );
}

export function useVerifyMfa() {
  const trpc = useTRPC();
  const completeSignIn = useCompleteSignIn();
  return useMutation(
    trpc.auth.verifyMfa.mutationOptions({
      onSuccess(user) {
        completeSignIn(user, 'login');
      },
    }),
  );
}

export function useRegister() {
  const trpc = useTRPC();
  const completeSignIn = useCompleteSignIn();
  return useMutation(
    trpc.auth.register.mutationOptions({
      onSuccess(user) {
        completeSignIn(user, 'registration');
      },
      onError(error) {
        authToasts.registrationFailed(error.message);
      },
    }),
  );
}
