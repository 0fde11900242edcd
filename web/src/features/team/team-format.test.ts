import { describe, expect, it } from 'vitest';
import { assignableRoles, invitationTokenFrom, mayLeave, memberActions } from './team-format';

describe('team format', () => {
  it('lets owners hand out every role, admins every role but owner, others none', () => {
    expect(assignableRoles('owner')).toEqual(['owner', 'admin', 'member', 'billing', 'viewer']);
    expect(assignableRoles('admin')).toEqual(['admin', 'member', 'billing', 'viewer']);
    expect(assignableRoles('member')).toEqual([]);
    expect(assignableRoles('viewer')).toEqual([]);
  });

  it('protects owners from admins and the last owner from everyone', () => {
    const owner = { role: 'owner' as const, isYou: false };
    expect(memberActions('admin', owner, 2)).toEqual({ changeRole: false, remove: false, makeOwner: false });
    expect(memberActions('owner', owner, 1)).toEqual({ changeRole: false, remove: false, makeOwner: false });
    expect(memberActions('owner', owner, 2)).toEqual({ changeRole: true, remove: true, makeOwner: false });
    expect(memberActions('admin', { role: 'viewer', isYou: false }, 1)).toEqual({ changeRole: true, remove: true, makeOwner: false });
    expect(memberActions('owner', { role: 'viewer', isYou: false }, 1).makeOwner).toBe(true);
    expect(memberActions('owner', { role: 'owner', isYou: true }, 3)).toEqual({ changeRole: false, remove: false, makeOwner: false });
    expect(memberActions('viewer', { role: 'member', isYou: false }, 1)).toEqual({ changeRole: false, remove: false, makeOwner: false });
  });

  it('keeps the last owner in', () => {
    expect(mayLeave('owner', 1)).toBe(false);
    expect(mayLeave('owner', 2)).toBe(true);
    expect(mayLeave('viewer', 1)).toBe(true);
  });

  it('reads the invitation token from the fragment only when it looks like one', () => {
    expect(invitationTokenFrom('#token=abcdefghijklmnopqrstuvwxyz012345')).toBe('abcdefghijklmnopqrstuvwxyz012345');
    expect(invitationTokenFrom('#token=short')).toBeNull();
    expect(invitationTokenFrom('#token=<script>alert(1)</script>aaaaaaaaaa')).toBeNull();
    expect(invitationTokenFrom('')).toBeNull();
  });
});
