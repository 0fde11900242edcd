import { describe, expect, it } from 'vitest';
import { mfaCodeSchema, registerSchema, signInSchema, totpCodeSchema } from './auth-schemas';

/** The first message of each field, as the form shows it. */
function messages(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) {
  const byField: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) byField[issue.path.join('.')] ??= issue.message;
  return byField;
}

describe('signInSchema', () => {
  it('asks for both fields', () => {
    expect(messages(signInSchema.safeParse({ identifier: ' ', password: '' }))).toEqual({
      identifier: 'Enter your email or username.',
      password: 'Enter your password.',
    });
  });
});

describe('registerSchema', () => {
  const valid = {
    name: 'Ada Lovelace',
    email: 'ada@example.eu',
    username: 'ada.l',
    companyName: 'Analytical Engines',
    password: 'correct horse battery',
    confirmPassword: 'correct horse battery',
  };

  it('accepts a complete registration', () => {
    expect(registerSchema.safeParse(valid).success).toBe(true);
  });

  it('explains each problem', () => {
    const result = registerSchema.safeParse({
      ...valid,
      email: 'not-an-email',
      username: '-x',
      companyName: 'A',
      password: 'short',
      confirmPassword: 'other',
    });
    expect(messages(result)).toMatchObject({
      email: 'Enter a valid email address.',
      username: 'Username must be at least 3 characters.',
      companyName: 'Company name must be at least 2 characters.',
      password: 'Password must be at least 10 characters.',
    });
  });

  it('requires the confirmation to match', () => {
    expect(messages(registerSchema.safeParse({ ...valid, confirmPassword: 'something else' }))).toEqual({
      confirmPassword: 'Passwords do not match.',
    });
  });
});

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
