import { describe, expect, it } from 'vitest';
import { addressWithoutToken, hasEmailLinkToken, readEmailLinkToken } from './email-link-token';

describe('readEmailLinkToken', () => {
  it('reads the token from the fragment, with or without its #', () => {
    expect(readEmailLinkToken({ search: '', hash: '#token=abc_DEF-123' })).toBe('abc_DEF-123');
    expect(readEmailLinkToken({ search: '', hash: 'token=abc' })).toBe('abc');
  });

  it('falls back to the legacy query', () => {
    expect(readEmailLinkToken({ search: '?token=legacy', hash: '' })).toBe('legacy');
    expect(readEmailLinkToken({ search: '?token=legacy', hash: '#token=new' })).toBe('new');
  });

  it('is null when there is no token or it is blank', () => {
    expect(readEmailLinkToken({ search: '', hash: '' })).toBeNull();
    expect(readEmailLinkToken({ search: '?token=', hash: '#token=%20' })).toBeNull();
    expect(readEmailLinkToken({ search: '?tab=1', hash: '#sessions' })).toBeNull();
  });
});

describe('addressWithoutToken', () => {
  it('keeps the path only when the token was all there was', () => {
    expect(addressWithoutToken({ pathname: '/magic-link', search: '', hash: '#token=abc' })).toBe('/magic-link');
    expect(addressWithoutToken({ pathname: '/reset-password', search: '?token=abc', hash: '' })).toBe('/reset-password');
  });

  it('keeps every other parameter', () => {
    expect(addressWithoutToken({ pathname: '/verify-email', search: '?utm_source=mail&token=abc', hash: '#token=abc&x=1' })).toBe(
      '/verify-email?utm_source=mail#x=1',
    );
    expect(addressWithoutToken({ pathname: '/verify-email', search: 'a=1', hash: 'top' })).toBe('/verify-email?a=1#top');
  });

  it('tells whether there is anything to remove', () => {
    expect(hasEmailLinkToken({ search: '', hash: '#token=' })).toBe(true);
    expect(hasEmailLinkToken({ search: '?a=1', hash: '#top' })).toBe(false);
  });
});
