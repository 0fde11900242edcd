import { describe, expect, it } from 'vitest';
import { mfaCodeSchema, totpCodeSchema } from './auth-schemas';

describe('mfaCodeSchema', () => {
  it('accepts authenticator and recovery codes, ignoring spaces', () => {
    expect(mfaCodeSchema.parse({ code: '123 456' })).toEqual({ code: '123456' });
    expect(mfaCodeSchema.parse({ code: 'k3m9x-p2q7d' })).toEqual({ code: 'k3m9x-p2q7d' });
  });

  it('refuses anything else', () => {
    expect(mfaCodeSchema.safeParse({ code: '12345' }).success).toBe(false);
    expect(mfaCodeSchema.safeParse({ code: '' }).success).toBe(false);
  });
});

describe('totpCodeSchema', () => {
  it('takes only 6 digits', () => {
    expect(totpCodeSchema.safeParse({ code: '654321' }).success).toBe(true);
    expect(totpCodeSchema.safeParse({ code: 'k3m9x-p2q7d' }).success).toBe(false);
  });
});
