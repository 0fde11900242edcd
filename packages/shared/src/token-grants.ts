import { PERMISSIONS, ROLE_PERMISSIONS, scopeFor, type OrganizationRole, type ScopeDomain, type TokenScope } from './permissions';

/**
 * Scopes of a person's own account, not of the organisation: a service account, which is no
 * person, never holds them.
 */
export const PERSONAL_SCOPE_DOMAINS: readonly ScopeDomain[] = ['account', 'notifications'];

/**
 * Whether an organisation role may hand a token this scope (issue 33: a token never exceeds the
 * role of the person who creates it, refused at creation rather than at use). `x:read` needs the
 * role's `x:read`; `x:write` needs one of the role's changes in that domain (`clusters:write` for a
 * member, `members:manage` for an administrator). A scope no permission stands behind (a personal
 * one, or `usage:write`) unlocks nothing the role could not do and is granted.
 */
export function roleGrantsScope(role: OrganizationRole, scope: TokenScope): boolean {
  const behind = PERMISSIONS.filter((permission) => scopeFor(permission) === scope);
  return behind.length === 0 || behind.some((permission) => ROLE_PERMISSIONS[role].has(permission));
}

/** The scopes of `scopes` a role may not hand out, for the refusal's message. */
export function scopesBeyondRole(role: OrganizationRole, scopes: readonly TokenScope[]): TokenScope[] {
  return scopes.filter((scope) => !roleGrantsScope(role, scope));
}
