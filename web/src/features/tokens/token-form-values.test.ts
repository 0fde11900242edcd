import { describe, expect, it } from 'vitest';
import { accessOf, describeScope, noAccess, scopesOf } from './token-form-values';

describe('API token form values', () => {
  it('turns the per-domain choices into scopes, skipping domains without access', () => {
    const access = { ...noAccess(), notifications: 'read' as const, clusters: 'write' as const };
    expect(scopesOf(access)).toEqual(['notifications:read', 'clusters:write']);
    expect(scopesOf(noAccess())).toEqual([]);
  });

  it('reads the per-domain choices back from the scopes', () => {
    expect(accessOf(['notifications:read', 'clusters:write'])).toEqual({ ...noAccess(), notifications: 'read', clusters: 'write' });
  });

  it('describes scopes for people', () => {
    expect(describeScope('clusters:write')).toBe('clusters read & write');
    expect(describeScope('billing:read')).toBe('billing read');
  });
});
