import type { PlatformRole, UserRow } from './staff-users-types';

import { PLATFORM_ROLE_RANK as RANK } from '@kubemarket/shared';

// The platform roles, their names and ranks are defined once, in @kubemarket/shared (issue 32).
export { isAdminRole, isStaffRole, PLATFORM_ROLE_LABELS, PLATFORM_ROLES } from '@kubemarket/shared';

/**
 * Mirrors the server's rule so the page offers only what will be accepted: staff act on accounts
 * below their rank, a super admin on anyone else, nobody on their own account.
 */
export function mayActOn(actor: { id: string; role: PlatformRole }, target: { id: string; role: PlatformRole }): boolean {
  if (actor.id === target.id) return false;
  return actor.role === 'super_admin' || RANK[actor.role] > RANK[target.role];
}

/** The roles a promotion request may ask for this user: above their role; super admin only by a super admin. */
export function promotionChoices(actorRole: PlatformRole, targetRole: PlatformRole): Array<'officer' | 'admin' | 'super_admin'> {
  return (['officer', 'admin', 'super_admin'] as const).filter((role) => RANK[role] > RANK[targetRole] && (role !== 'super_admin' || actorRole === 'super_admin'));
}

export type AccountState = 'disabled' | 'unverified' | 'active';

export function accountState(user: Pick<UserRow, 'disabledAt' | 'emailVerified'>): AccountState {
  if (user.disabledAt !== null) return 'disabled';
  return user.emailVerified ? 'active' : 'unverified';
}

export const ACCOUNT_STATE_LABELS: Record<AccountState, { label: string; color: string }> = {
  active: { label: 'Active', color: 'teal' },
  unverified: { label: 'Email not verified', color: 'yellow' },
  disabled: { label: 'Disabled', color: 'red' },
};


/** Reasons the server accepts: 3 to 500 characters once trimmed. */
export function reasonProblem(reason: string, required: boolean): string | null {
  const text = reason.trim();
  if (text.length === 0) return required ? 'Give a reason.' : null;
  if (text.length < 3) return 'Give a reason of at least 3 characters.';
  if (text.length > 500) return 'The reason is at most 500 characters.';
  return null;
}
