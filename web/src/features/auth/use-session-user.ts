import type { SessionUser } from './auth-types';
import { useCurrentUser } from './use-current-user';

/** The signed-in user, for components rendered only inside the AuthGate. */
export function useSessionUser(): SessionUser {
  const { data: user } = useCurrentUser();
  if (!user) throw new Error('useSessionUser is used outside the signed-in layout.');
  return user;
}
