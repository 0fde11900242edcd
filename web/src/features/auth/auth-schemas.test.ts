import { describe, expect, it } from 'vitest';
import { mfaCodeSchema, totpCodeSchema } from './auth-schemas';

describe('mfaCodeSchema', () => {
  it('accepts authenticator codes, ignoring spaces', () => {
    expect(mfaCodeSchema.parse({ code: '123 456' })).toEqual({ code: '123456' });
  });

  it('accepts recovery codes of today (24 characters in four groups) and earlier ones', () => {
    expect(mfaCodeSchema.parse({ code: 'abcdef-ghijkl-mnopqr-stuvwx' })).toEqual({ code: 'abcdef-ghijkl-mnopqr-stuvwx' });
    expect(mfaCodeSchema.parse({ code: ' abcdef ghijkl mnopqr stuvwx ' })).toEqual({ code: 'abcdefghijklmnopqrstuvwx' });
    expect(mfaCodeSchema.parse({ code: 'ABCDEF-GHIJKL-MNOPQR-STUVW2' }).code).toBe('ABCDEF-GHIJKL-MNOPQR-STUVW2');
    expect(mfaCodeSchema.parse({ code: 'k3m9x-p2q7d' })).toEqual({ code: 'k3m9x-p2q7d' });
  });

  it('refuses anything else', () => {
    for (const code of ['12345', '', '1234567', 'abc', 'abcdef--ghijkl-mnopqr-stuvwx', '-abcdef-ghijkl', 'abcdef_ghijkl_mnopqr', 'a'.repeat(33)]) {
      expect(mfaCodeSchema.safeParse({ code }).success, code).toBe(false);
    }
  });
});

describe('totpCodeSchema', () => {
  it('takes only 6 digits', () => {
    expect(totpCodeSchema.safeParse({ code: '654321' }).success).toBe(true);
    expect(totpCodeSchema.safeParse({ code: 'k3m9x-p2q7d' }).success).toBe(false);
  });
});
