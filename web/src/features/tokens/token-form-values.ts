import { SCOPE_DOMAINS, type ScopeDomain, type TokenScope } from '@kubemarket/shared';

/** What the form holds per domain: no access, read, or read and write. */
export type DomainAccess = 'none' | 'read' | 'write';

export const EXPIRY_CHOICES = [
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '180', label: '180 days' },
  { value: '366', label: '1 year' },
] as const;

export function scopesOf(access: Record<ScopeDomain, DomainAccess>): TokenScope[] {
  return SCOPE_DOMAINS.flatMap((domain): TokenScope[] => {
    const level = access[domain];
    return level === 'none' ? [] : [`${domain}:${level}`];
  });
}

/** The access per domain the scopes give (write includes read). */
export function accessOf(scopes: readonly TokenScope[]): Record<ScopeDomain, DomainAccess> {
  const level = (domain: ScopeDomain): DomainAccess => (scopes.includes(`${domain}:write`) ? 'write' : scopes.includes(`${domain}:read`) ? 'read' : 'none');
  return Object.fromEntries(SCOPE_DOMAINS.map((domain) => [domain, level(domain)])) as Record<ScopeDomain, DomainAccess>;
}

/** "notifications:read, clusters:write" → readable badges, write implying read. */
export function describeScope(scope: TokenScope): string {
  const [domain, access] = scope.split(':');
  return `${domain} ${access === 'write' ? 'read & write' : 'read'}`;
}

export function noAccess(): Record<ScopeDomain, DomainAccess> {
  return accessOf([]);
}
