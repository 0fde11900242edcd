import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatMonthlyBudget, requestFacts, requestsRange } from './custom-solution-format';
import type { CustomSolutionRequest } from './custom-solution-types';

const request: CustomSolutionRequest = {
  id: 'csr_1',
  subject: 'Bare-metal nodes',
  category: 'hardware',
  description: 'Dedicated bare-metal worker nodes for a trading engine.',
  scaleDetails: null,
  expectedNodes: 1200,
  monthlyBudgetCents: 500_000,
  desiredDate: '2027-03-01',
  contactPreference: 'phone',
  contactPhone: '+33 1 23 45 67 89',
  status: 'submitted',
  staffResponse: null,
  respondedAt: null,
  requestedBy: { id: 'usr_1', name: 'Alice Martin' },
  createdAt: 0,
  updatedAt: 0,
};

describe('custom solution facts', () => {
  it('counts the requests, with the page when there are several', () => {
    expect(requestsRange(0, 1, 1)).toBe('No request matches.');
    expect(requestsRange(1, 1, 1)).toBe('1 request');
    expect(requestsRange(12, 2, 2)).toBe('12 requests, page 2 of 2');
  });

  it('formats a calendar day as that day, whatever the time zone', () => {
    expect(formatCalendarDate('2027-03-01')).toBe('1 March 2027');
    expect(formatCalendarDate('2026-12-31')).toBe('31 December 2026');
  });

  it('shows the budget in euros a month', () => {
    expect(formatMonthlyBudget(500_000)).toBe('€5,000.00 a month');
    expect(formatMonthlyBudget(0)).toBe('€0.00 a month');
  });

  it('lists what the customer gave and leaves out the rest', () => {
    expect(requestFacts(request).map(({ label, value }) => [label, value])).toEqual([
      ['Category', 'Hardware (GPUs, bare metal, storage)'],
      ['Expected nodes', '1,200'],
      ['Monthly budget', '€5,000.00 a month'],
      ['Needed by', '1 March 2027'],
      ['Contact by', 'Phone call (+33 1 23 45 67 89)'],
    ]);
    const bare = { ...request, expectedNodes: null, monthlyBudgetCents: null, desiredDate: null, contactPreference: 'email' as const, scaleDetails: 'prod and staging' };
    expect(requestFacts(bare).map(({ label, value }) => [label, value])).toEqual([
      ['Category', 'Hardware (GPUs, bare metal, storage)'],
      ['Contact by', 'Email'],
      ['Environments and scale', 'prod and staging'],
    ]);
  });
});
