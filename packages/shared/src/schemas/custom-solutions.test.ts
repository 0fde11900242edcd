import { describe, expect, it } from 'vitest';
import { fieldMessages } from '../testing/field-messages';
import {
  customSolutionRequestFormSchema,
  customSolutionRequestInputSchema,
  customSolutionStaffUpdateInputSchema,
  earliestDesiredDate,
  EMPTY_CUSTOM_SOLUTION_FORM,
  toCustomSolutionRequestInput,
  type CustomSolutionRequestFormValues,
} from './custom-solutions';

const DAY_MS = 24 * 60 * 60_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString().slice(0, 10);

const valid = {
  subject: 'Bare-metal nodes in Paris',
  category: 'hardware' as const,
  description: 'We need dedicated bare-metal worker nodes for a latency-sensitive trading engine.',
};

const emptyForm = EMPTY_CUSTOM_SOLUTION_FORM;

describe('customSolutionRequestInputSchema', () => {
  it('accepts a minimal request, trims it and contacts by email unless told otherwise', () => {
    expect(customSolutionRequestInputSchema.parse({ ...valid, subject: `  ${valid.subject} `, scaleDetails: ' ', contactPhone: '' })).toEqual({
      ...valid,
      contactPreference: 'email',
    });
  });

  it('takes every optional detail', () => {
    const full = { ...valid, scaleDetails: 'prod and staging', expectedNodes: 40, monthlyBudgetCents: 1_500_000, desiredDate: inDays(30), contactPreference: 'phone' as const, contactPhone: '+33 1 23 45 67 89' };
    expect(customSolutionRequestInputSchema.parse(full)).toEqual(full);
  });

  it('explains each mistake in a sentence', () => {
    expect(
      fieldMessages(
        customSolutionRequestInputSchema.safeParse({
          subject: 'GPU',
          category: 'spaceship',
          description: 'Too short',
          expectedNodes: 2.5,
          monthlyBudgetCents: -1,
          desiredDate: '2020-01-01',
          contactPreference: 'pigeon',
        }),
      ),
    ).toEqual({
      subject: 'Subject must be at least 5 characters.',
      category: 'Choose what kind of solution you need.',
      description: 'Please describe what you need in at least 20 characters.',
      expectedNodes: 'Expected nodes must be a whole number.',
      monthlyBudgetCents: 'Monthly budget cannot be negative.',
      desiredDate: 'Desired date cannot be in the past.',
      contactPreference: 'Choose how we should contact you: email, phone or meeting.',
    });
    expect(fieldMessages(customSolutionRequestInputSchema.safeParse({ ...valid, subject: 'x'.repeat(121), description: 'y'.repeat(5001) }))).toEqual({
      subject: 'Subject must be at most 120 characters.',
      description: 'Description must be at most 5000 characters.',
    });
    expect(fieldMessages(customSolutionRequestInputSchema.safeParse({ ...valid, monthlyBudgetCents: 1_000_000_001, expectedNodes: 0 }))).toEqual({
      monthlyBudgetCents: 'Monthly budget must be at most €10,000,000.',
      expectedNodes: 'Expected nodes must be at least 1.',
    });
    expect(fieldMessages(customSolutionRequestInputSchema.safeParse({ ...valid, desiredDate: '2027-02-30' }))).toEqual({ desiredDate: 'Desired date must be a date (YYYY-MM-DD).' });
    expect(fieldMessages(customSolutionRequestInputSchema.safeParse({}))).toMatchObject({ subject: 'Subject is required.', description: 'Description is required.' });
  });

  it('accepts today wherever the customer is, and nothing earlier than yesterday in UTC', () => {
    const now = Date.UTC(2026, 10, 23, 1);
    expect(earliestDesiredDate(now)).toBe('2026-11-22');
    expect(customSolutionRequestInputSchema.safeParse({ ...valid, desiredDate: inDays(0) }).success).toBe(true);
    expect(customSolutionRequestInputSchema.safeParse({ ...valid, desiredDate: inDays(-1) }).success).toBe(true);
    expect(fieldMessages(customSolutionRequestInputSchema.safeParse({ ...valid, desiredDate: inDays(-2) }))).toEqual({ desiredDate: 'Desired date cannot be in the past.' });
  });

  it('needs a phone number to call back', () => {
    expect(fieldMessages(customSolutionRequestInputSchema.safeParse({ ...valid, contactPreference: 'phone' }))).toEqual({
      contactPhone: 'Give a phone number so that we can call you, or choose another way to be contacted.',
    });
    expect(fieldMessages(customSolutionRequestInputSchema.safeParse({ ...valid, contactPreference: 'phone', contactPhone: '12' }))).toEqual({
      contactPhone: 'Enter a valid phone number, e.g. +33 1 23 45 67 89.',
    });
  });
});

describe('customSolutionRequestFormSchema', () => {
  it('says what an empty form lacks', () => {
    expect(fieldMessages(customSolutionRequestFormSchema.safeParse(emptyForm))).toEqual({
      subject: 'Subject is required.',
      category: 'Choose what kind of solution you need.',
      description: 'Description is required.',
    });
  });

  it('lists a missing phone number with the other mistakes', () => {
    expect(fieldMessages(customSolutionRequestFormSchema.safeParse({ ...emptyForm, contactPreference: 'phone' }))).toEqual({
      subject: 'Subject is required.',
      category: 'Choose what kind of solution you need.',
      description: 'Description is required.',
      contactPhone: 'Give a phone number so that we can call you, or choose another way to be contacted.',
    });
    // A malformed number gets its own message, not both.
    expect(fieldMessages(customSolutionRequestFormSchema.safeParse({ ...emptyForm, ...valid, contactPreference: 'phone', contactPhone: '12' }))).toEqual({
      contactPhone: 'Enter a valid phone number, e.g. +33 1 23 45 67 89.',
    });
  });

  it('takes blank numbers as absent and checks the budget in euros', () => {
    const form = { ...emptyForm, ...valid, monthlyBudgetEuros: 10_000_001 };
    expect(fieldMessages(customSolutionRequestFormSchema.safeParse(form))).toEqual({ monthlyBudgetEuros: 'Monthly budget must be at most €10,000,000.' });
    expect(customSolutionRequestFormSchema.safeParse({ ...form, monthlyBudgetEuros: '' }).success).toBe(true);
  });

  it('becomes the input the server takes, with the budget in cents', () => {
    const form: CustomSolutionRequestFormValues = {
      ...emptyForm,
      ...valid,
      subject: ` ${valid.subject} `,
      expectedNodes: 12,
      monthlyBudgetEuros: 2_500,
      desiredDate: inDays(10),
      contactPhone: '+33 1 23 45 67 89',
    };
    const input = toCustomSolutionRequestInput(form);
    expect(input).toEqual({
      ...valid,
      scaleDetails: undefined,
      expectedNodes: 12,
      monthlyBudgetCents: 250_000,
      desiredDate: inDays(10),
      contactPreference: 'email',
      // Only kept when the customer wants a call.
      contactPhone: undefined,
    });
    expect(customSolutionRequestInputSchema.safeParse(input).success).toBe(true);
  });
});

describe('customSolutionStaffUpdateInputSchema', () => {
  it('takes a status, a response and the assignment, each optional', () => {
    expect(customSolutionStaffUpdateInputSchema.parse({ id: 'csr_1', status: 'in_review', response: ' Looking into it. ', assignToMe: true })).toEqual({
      id: 'csr_1',
      status: 'in_review',
      response: 'Looking into it.',
      assignToMe: true,
    });
    expect(fieldMessages(customSolutionStaffUpdateInputSchema.safeParse({ id: 'csr_1', status: 'done', response: 'x'.repeat(5001) }))).toEqual({
      status: 'Status must be one of: submitted, in_review, proposal_sent, declined, closed.',
      response: 'Response must be at most 5000 characters.',
    });
  });
});
