import type { SessionUser } from './auth-types';
import { useCurrentUser } from './use-current-user';

/** The signed-in user, for components rendered only below the sign-in gate (the `_authenticated` routes). */
export function useSessionUser(): SessionUser {
  const { data: user } = useCurrentUser();
  if (!user) throw new Error('useSessionUser is used outside the signed-in layout.');
  return user;
}
