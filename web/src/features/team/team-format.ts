import { ORGANIZATION_ROLES, roleCan, type OrganizationRole } from '@kubemarket/shared';

/** The roles an actor may hand out: only an owner makes owners (the server refuses anyone else). */
export function assignableRoles(actorRole: OrganizationRole): OrganizationRole[] {
  if (!roleCan(actorRole, 'members:manage')) return [];
  return ORGANIZATION_ROLES.filter((role) => role !== 'owner' || actorRole === 'owner');
}

interface MemberLike {
  role: OrganizationRole;
  isYou: boolean;
}

/**
 * What the actor may do to a member, mirroring the server so the page offers only what it will
 * accept: owners are changed only by owners, and never the last one; yourself only by leaving.
 */
export function memberActions(actorRole: OrganizationRole, member: MemberLike, ownerCount: number) {
  const manages = roleCan(actorRole, 'members:manage');
  const touchesOwner = member.role === 'owner';
  const ownerGuard = !touchesOwner || (actorRole === 'owner' && ownerCount > 1);
  return {
    changeRole: manages && !member.isYou && ownerGuard,
    remove: manages && !member.isYou && ownerGuard,
    makeOwner: actorRole === 'owner' && !member.isYou && member.role !== 'owner',
  };
}

/** Whether the user may leave: anyone but the last owner. */
export function mayLeave(role: OrganizationRole, ownerCount: number): boolean {
  return role !== 'owner' || ownerCount > 1;
}

/** The token of an invitation link (`/join-team#token=…`), from the address bar's fragment. */
export function invitationTokenFrom(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token && /^[A-Za-z0-9_-]{16,128}$/.test(token) ? token : null;
}
