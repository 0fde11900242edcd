import { describe, expect, it } from 'vitest';
import { fieldMessages } from '../testing/field-messages';
import {
  emailRequestInputSchema,
  passwordChangeFormSchema,
  passwordResetFormSchema,
  registrationFormSchema,
  registrationInputSchema,
  signInInputSchema,
} from './account';
import { emailSchema, newPasswordSchema, passwordProblem, usernameSchema } from './fields';
import { leadInputSchema } from './leads';

describe('field rules', () => {
  it('normalises and checks email addresses', () => {
    expect(emailSchema.parse('  Ada@Example.EU ')).toBe('ada@example.eu');
    expect(fieldMessages(emailSchema.safeParse('not-an-email'))).toEqual({ '': 'Enter a valid email address.' });
    expect(fieldMessages(emailSchema.safeParse(`${'a'.repeat(250)}@x.eu`))).toEqual({ '': 'Email must be at most 254 characters.' });
    expect(fieldMessages(emailSchema.safeParse(undefined))).toEqual({ '': 'Email is required.' });
  });

  it('lower-cases usernames and allows letters, digits, dots, dashes and underscores', () => {
    expect(usernameSchema.parse(' Ada.L ')).toBe('ada.l');
    expect(fieldMessages(usernameSchema.safeParse('-x'))).toEqual({ '': 'Username must be at least 3 characters.' });
    expect(fieldMessages(usernameSchema.safeParse('-ada'))).toEqual({ '': 'Username may only contain letters, digits, dots, dashes and underscores.' });
    expect(fieldMessages(usernameSchema.safeParse('a'.repeat(33)))).toEqual({ '': 'Username must be at most 32 characters.' });
  });

  it('explains why a password cannot be chosen', () => {
    expect(passwordProblem('short')).toBe('Password must be at least 10 characters.');
    expect(passwordProblem('Password123', {}, (lower) => lower === 'password123')).toBe('This password is too common. Choose one that is harder to guess.');
    expect(passwordProblem('aaaaaaaaaaaa')).toBe('Password cannot be a single repeated character.');
    expect(passwordProblem('jeanne-2026-secure', { email: 'jeanne@example.com' })).toBe('Password must not contain your username or email address.');
    expect(passwordProblem('x'.repeat(64) + 'y')).toBeNull();
    expect(passwordProblem('z'.repeat(129))).toBe('Password must be at most 128 characters.');
  });

  it('gives one message per mistake for a new password', () => {
    expect(newPasswordSchema.safeParse('').error?.issues.map((issue) => issue.message)).toEqual(['Password is required.']);
    expect(newPasswordSchema.safeParse('short').error?.issues.map((issue) => issue.message)).toEqual(['Password must be at least 10 characters.']);
    expect(newPasswordSchema.safeParse('z'.repeat(129)).error?.issues.map((issue) => issue.message)).toEqual(['Password must be at most 128 characters.']);
    expect(newPasswordSchema.safeParse('correct horse battery').success).toBe(true);
  });
});

describe('signInInputSchema', () => {
  it('asks for both fields', () => {
    expect(fieldMessages(signInInputSchema.safeParse({ identifier: ' ', password: '' }))).toEqual({
      identifier: 'Enter your email or username.',
      password: 'Password is required.',
    });
  });
});

describe('registration', () => {
  const valid = {
    name: 'Ada Lovelace',
    email: 'ada@example.eu',
    username: 'ada.l',
    companyName: 'Analytical Engines',
    password: 'correct horse battery',
    confirmPassword: 'correct horse battery',
  };

  it('accepts a complete registration', () => {
    expect(registrationFormSchema.safeParse(valid).success).toBe(true);
    const { confirmPassword: _confirmation, ...input } = valid;
    // The country defaults to France: it starts the organisation's billing profile (issue 30).
    expect(registrationInputSchema.parse(input)).toEqual({ ...input, countryCode: 'FR' });
    expect(registrationInputSchema.parse({ ...input, countryCode: 'de', vatNumber: 'de 136 695 976' })).toMatchObject({ countryCode: 'DE', vatNumber: 'DE136695976' });
    expect(registrationFormSchema.safeParse({ ...valid, countryCode: 'DE', vatNumber: 'FR40303265045' }).error?.issues).toEqual([expect.objectContaining({ path: ['vatNumber'], message: 'A VAT number of DE starts with DE.' })]);
  });

  it('explains each problem', () => {
    const result = registrationFormSchema.safeParse({
      ...valid,
      email: 'not-an-email',
      username: '-x',
      companyName: 'A',
      password: 'short',
      confirmPassword: 'other',
    });
    expect(fieldMessages(result)).toMatchObject({
      email: 'Enter a valid email address.',
      username: 'Username must be at least 3 characters.',
      companyName: 'Company name must be at least 2 characters.',
      password: 'Password must be at least 10 characters.',
    });
  });

  it('requires the confirmation to match', () => {
    expect(fieldMessages(registrationFormSchema.safeParse({ ...valid, confirmPassword: 'something else' }))).toEqual({
      confirmPassword: 'Passwords do not match.',
    });
  });

  it('refuses a password containing the username or the email name', () => {
    const password = 'lovelace-engines-1843';
    expect(fieldMessages(registrationFormSchema.safeParse({ ...valid, email: 'lovelace@example.eu', password, confirmPassword: password }))).toEqual({
      password: 'Password must not contain your username or email address.',
    });
  });
});

describe('password reset and change forms', () => {
  it('checks the new password and its confirmation', () => {
    expect(fieldMessages(passwordResetFormSchema.safeParse({ password: 'short', confirmPassword: 'short' }))).toEqual({
      password: 'Password must be at least 10 characters.',
    });
    expect(fieldMessages(passwordResetFormSchema.safeParse({ password: 'correct horse battery', confirmPassword: 'other' }))).toEqual({
      confirmPassword: 'Passwords do not match.',
    });
  });

  it('wants a new password different from the current one', () => {
    const same = 'correct horse battery';
    expect(fieldMessages(passwordChangeFormSchema.safeParse({ currentPassword: same, newPassword: same, confirmPassword: same }))).toEqual({
      newPassword: 'Choose a password different from your current one.',
    });
    expect(fieldMessages(passwordChangeFormSchema.safeParse({ currentPassword: '', newPassword: 'correct horse battery', confirmPassword: 'correct horse battery' }))).toEqual({
      currentPassword: 'Password is required.',
    });
  });
});

describe('emailRequestInputSchema', () => {
  it('normalises the address', () => {
    expect(emailRequestInputSchema.parse({ email: ' Ada@Example.EU' })).toEqual({ email: 'ada@example.eu' });
  });
});

describe('leadInputSchema', () => {
  it('leaves blank optional fields out', () => {
    expect(leadInputSchema.parse({ kind: 'contact', name: ' Camille ', email: 'camille@example.eu', company: ' ', phone: '', message: '' })).toEqual({
      kind: 'contact',
      name: 'Camille',
      email: 'camille@example.eu',
      company: undefined,
      phone: undefined,
      message: undefined,
      details: undefined,
    });
  });

  it('explains each problem', () => {
    expect(fieldMessages(leadInputSchema.safeParse({ kind: 'other', name: '', email: 'camille@', phone: '12' }))).toEqual({
      kind: 'Kind must be one of: contact_sales, schedule_demo, custom_quote, workload_migration, contact.',
      name: 'Name is required.',
      email: 'Enter a valid email address.',
      phone: 'Enter a valid phone number, e.g. +33 1 23 45 67 89.',
    });
  });
});
