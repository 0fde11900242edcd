import { keysOf } from './objects';

/**
 * Organisation roles and what they may do, as `entity:action` permissions. The server checks
 * them (packages/api `orgProcedure`); the client reads the same table to hide what a role cannot
 * use. API-token scopes narrow the same permissions: a token acts as its user, within its scopes.
 */
export const ORGANIZATION_ROLE_LABELS = {
  owner: 'Owner',
  admin: 'Administrator',
  member: 'Member',
  billing: 'Billing manager',
  viewer: 'Viewer',
};
export const ORGANIZATION_ROLES = keysOf(ORGANIZATION_ROLE_LABELS);
export type OrganizationRole = keyof typeof ORGANIZATION_ROLE_LABELS;

/** The domains a token scope names; each has `read` and `write`. */
export const SCOPE_DOMAINS = [
  'account',
  'notifications',
  'organization',
  'members',
  'clusters',
  'orders',
  'billing',
  'usage',
  'support',
  'audit',
  'webhooks',
] as const;
export type ScopeDomain = (typeof SCOPE_DOMAINS)[number];
export type ScopeAccess = 'read' | 'write';
export type TokenScope = `${ScopeDomain}:${ScopeAccess}`;

export const TOKEN_SCOPES: readonly TokenScope[] = SCOPE_DOMAINS.flatMap((domain) => [`${domain}:read`, `${domain}:write`] as const);

export const SCOPE_DOMAIN_LABELS: Record<ScopeDomain, string> = {
  account: 'Account and security settings',
  notifications: 'Notifications',
  organization: 'Organisation profile',
  members: 'Members and roles',
  clusters: 'Clusters and node pools',
  orders: 'Orders',
  billing: 'Billing, invoices and payment methods',
  usage: 'Usage and costs',
  support: 'Support tickets',
  audit: 'Audit log',
  webhooks: 'Webhook endpoints and their deliveries',
};

/** Organisation permissions; `manage` is the strongest action and a token needs `write` for it. */
export const PERMISSIONS = [
  'organization:read',
  'organization:manage',
  'members:read',
  'members:manage',
  'clusters:read',
  'clusters:write',
  // The organisation's cloud accounts (saved provider connections): owners and administrators.
  'clusters:manage',
  'orders:read',
  'orders:write',
  'billing:read',
  'billing:write',
  'usage:read',
  'support:read',
  'support:write',
  'audit:read',
  // Webhook endpoints (ADR 36): where events go and their signing secrets, owners and administrators.
  'webhooks:read',
  'webhooks:manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const READ_ALL_OPERATIONS: Permission[] = ['organization:read', 'members:read', 'clusters:read', 'orders:read', 'usage:read', 'support:read'];

export const ROLE_PERMISSIONS: Record<OrganizationRole, ReadonlySet<Permission>> = {
  owner: new Set(PERMISSIONS),
  // Everything but the organisation itself (its name, deletion, ownership).
  admin: new Set(PERMISSIONS.filter((permission) => permission !== 'organization:manage')),
  member: new Set<Permission>([...READ_ALL_OPERATIONS, 'clusters:write', 'orders:write', 'support:write']),
  billing: new Set<Permission>([...READ_ALL_OPERATIONS, 'billing:read', 'billing:write', 'support:write']),
  viewer: new Set<Permission>(READ_ALL_OPERATIONS),
};

export function roleCan(role: OrganizationRole, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].has(permission);
}

/** The token scope a permission needs: `x:read` for reading, `x:write` for anything else. */
export function scopeFor(permission: Permission | TokenScope): TokenScope {
  const [domain, action] = permission.split(':') as [ScopeDomain, string];
  return `${domain}:${action === 'read' ? 'read' : 'write'}`;
}

/** A `write` scope includes `read` of the same domain. */
export function scopesAllow(scopes: readonly TokenScope[], needed: TokenScope): boolean {
  if (scopes.includes(needed)) return true;
  const [domain, access] = needed.split(':') as [ScopeDomain, ScopeAccess];
  return access === 'read' && scopes.includes(`${domain}:write`);
}
