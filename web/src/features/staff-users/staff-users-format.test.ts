import { describe, expect, it } from 'vitest';
import { accountState, mayActOn, promotionChoices, reasonProblem } from './staff-users-format';

describe('staff users: what the pages offer', () => {
  it('offers actions on accounts below the actor’s rank, all but their own to a super admin', () => {
    const officer = { id: 'o', role: 'officer' as const };
    expect(mayActOn(officer, { id: 'c', role: 'user' })).toBe(true);
    expect(mayActOn(officer, { id: 'o2', role: 'officer' })).toBe(false);
    expect(mayActOn({ id: 'a', role: 'admin' }, { id: 's', role: 'super_admin' })).toBe(false);
    expect(mayActOn({ id: 's', role: 'super_admin' }, { id: 's2', role: 'super_admin' })).toBe(true);
    expect(mayActOn({ id: 's', role: 'super_admin' }, { id: 's', role: 'super_admin' })).toBe(false);
  });

  it('proposes only higher roles, super admin only to a super admin', () => {
    expect(promotionChoices('admin', 'user')).toEqual(['officer', 'admin']);
    expect(promotionChoices('super_admin', 'user')).toEqual(['officer', 'admin', 'super_admin']);
    expect(promotionChoices('admin', 'admin')).toEqual([]);
    expect(promotionChoices('super_admin', 'officer')).toEqual(['admin', 'super_admin']);
  });

  it('tells an account’s state, disabled first', () => {
    expect(accountState({ disabledAt: 5, emailVerified: true })).toBe('disabled');
    expect(accountState({ disabledAt: null, emailVerified: false })).toBe('unverified');
    expect(accountState({ disabledAt: null, emailVerified: true })).toBe('active');
  });

  it('checks a reason as the server does', () => {
    expect(reasonProblem('  ', true)).toBe('Give a reason.');
    expect(reasonProblem('', false)).toBeNull();
    expect(reasonProblem('ok', false)).toBe('Give a reason of at least 3 characters.');
    expect(reasonProblem('x'.repeat(501), true)).toBe('The reason is at most 500 characters.');
    expect(reasonProblem('Verified by phone', true)).toBeNull();
  });
});
