/**
 * The platform roles of an account (not its organisation role): customers, and staff by rank. The
 * one definition the database enum, the server's guards and the staff screens read (issue 32).
 */
export const PLATFORM_ROLES = ['user', 'officer', 'admin', 'super_admin'] as const;
export type PlatformRole = (typeof PLATFORM_ROLES)[number];

/** Staff: every platform role but the customer's. */
export const STAFF_ROLES: ReadonlyArray<PlatformRole> = ['officer', 'admin', 'super_admin'];

/** Higher ranks may do what lower ones may. */
export const PLATFORM_ROLE_RANK: Record<PlatformRole, number> = { user: 0, officer: 1, admin: 2, super_admin: 3 };

export const PLATFORM_ROLE_LABELS: Record<PlatformRole, string> = { user: 'Customer', officer: 'Officer', admin: 'Admin', super_admin: 'Super admin' };

export function isStaffRole(role: PlatformRole): boolean {
  return role !== 'user';
}

/** Administrators: admin and super_admin. */
export function isAdminRole(role: PlatformRole | null | undefined): boolean {
  return role === 'admin' || role === 'super_admin';
}
