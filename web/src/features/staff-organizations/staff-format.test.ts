import { describe, expect, it } from 'vitest';
import { creditLimitCentsOf, creditLimitProblem, euros, localDay, quotaProblem, reasonProblem, receivedOnProblem, statusLabel, transferReferenceProblem } from './staff-format';

describe('staff organisations format', () => {
  it('labels statuses and money', () => {
    expect(statusLabel('awaiting_customer')).toBe('Awaiting customer');
    expect(euros(123_456)).toBe('€1,234.56');
  });

  it('asks for a reason of 5 to 1000 characters, and whole non-negative quotas', () => {
    expect(reasonProblem('   ')).toBe('Give a reason: the organisation and the audit log read it.');
    expect(reasonProblem('late')).toBe('Give a reason of at least 5 characters.');
    expect(reasonProblem('Unpaid since March')).toBeNull();
    expect(quotaProblem('', 'Cluster quota', 1_000)).toBe('Cluster quota must be a whole number.');
    expect(quotaProblem(-1, 'Cluster quota', 1_000)).toBe('Cluster quota cannot be negative.');
    expect(quotaProblem(1_001, 'Cluster quota', 1_000)).toBe('Cluster quota must be at most 1000.');
    expect(quotaProblem(30, 'Cluster quota', 1_000)).toBeNull();
  });

  it('reads a credit limit in euros: empty is no limit, never negative, at most €10,000,000 in cents', () => {
    expect(creditLimitProblem('')).toBeNull();
    expect(creditLimitCentsOf('')).toBeNull();
    expect(creditLimitProblem(-1)).toBe('Credit limit cannot be negative.');
    expect(creditLimitProblem(10_000_000.01)).toBe('Credit limit must be at most €10,000,000.');
    expect(creditLimitProblem(12.345)).toBe('Credit limit takes at most two decimals (cents).');
    expect(creditLimitProblem(0)).toBeNull();
    expect(creditLimitProblem(5_000.5)).toBeNull();
    expect(creditLimitCentsOf(5_000.5)).toBe(500_050);
    expect(creditLimitCentsOf(19.99)).toBe(1_999);
  });

  it('asks for the bank reference of a transfer (1 to 64 characters) and a day received neither ahead nor before the order', () => {
    expect(transferReferenceProblem('   ')).toBe('Enter the bank’s reference of the transfer, as on the bank statement.');
    expect(transferReferenceProblem('x'.repeat(65))).toBe('The transfer reference must be at most 64 characters.');
    expect(transferReferenceProblem(' BNP-2026-0042 ')).toBeNull();
    expect(receivedOnProblem('', '2026-11-23', '2026-10-01')).toBeNull();
    expect(receivedOnProblem('2026-11-24', '2026-11-23', '2026-10-01')).toBe('The date received cannot be in the future.');
    expect(receivedOnProblem('2026-09-30', '2026-11-23', '2026-10-01')).toBe('The date received cannot be before the order was confirmed for payment by bank transfer, on 2026-10-01.');
    expect(receivedOnProblem('2026-11-23', '2026-11-23', '2026-10-01')).toBeNull();
    expect(receivedOnProblem('23/11/2026', '2026-11-23', '2026-10-01')).toBe('Date received must be a date written YYYY-MM-DD.');
    expect(localDay(new Date(2026, 0, 5, 12).getTime())).toBe('2026-01-05');
  });
});

