import { describe, expect, it } from 'vitest';
import { changedFields, euros, optionalEuros, optionalHourlyEuros, optionalPercent, optionalUtcDate, priceChangeDate, requiredText, sortOrderField, whole } from './form-fields';
import { clockAt } from './test-items';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('form fields', () => {
  it('turns euros into cents and says what is wrong with an amount', () => {
    const price = euros('Monthly price');
    expect(price.parse(12.34)).toBe(1_234);
    expect(price.parse('12,5')).toBe(1_250);
    expect(price.parse(0)).toBe(0);
    expect(messageOf(price.safeParse(''))).toBe('Monthly price is required.');
    expect(messageOf(price.safeParse(-5))).toBe('Monthly price cannot be negative.');
    expect(messageOf(price.safeParse(1.234))).toBe('Monthly price has at most 2 decimals (whole cents).');
    expect(messageOf(price.safeParse('abc'))).toBe('Monthly price must be a number.');
    expect(messageOf(price.safeParse(10_000_000.01))).toBe('Monthly price must be at most €10,000,000.');
    expect(optionalEuros('Yearly price').parse('')).toBeNull();
    expect(optionalEuros('Yearly price').parse(100)).toBe(10_000);
  });

  it('turns hourly euros into thousandths of a cent', () => {
    const hourly = optionalHourlyEuros('Hourly price');
    expect(hourly.parse(0.06712)).toBe(6_712);
    expect(hourly.parse('')).toBeNull();
    expect(messageOf(hourly.safeParse(0.067125))).toBe('Hourly price has at most 5 decimals (thousandths of a cent).');
  });

  it('turns percentages into basis points within their bounds', () => {
    const sla = optionalPercent('SLA', 0.01);
    expect(sla.parse(99.95)).toBe(9_995);
    expect(sla.parse('')).toBeNull();
    expect(messageOf(sla.safeParse(0))).toBe('SLA must be at least 0.01 %.');
    expect(messageOf(sla.safeParse(100.5))).toBe('SLA must be at most 100 %.');
  });

  it('takes whole numbers within bounds', () => {
    const nodes = whole('Maximum nodes', 1, 10_000);
    expect(nodes.parse(50)).toBe(50);
    expect(messageOf(nodes.safeParse(2.5))).toBe('Maximum nodes must be a whole number.');
    expect(messageOf(nodes.safeParse(0))).toBe('Maximum nodes must be at least 1.');
    expect(messageOf(nodes.safeParse(10_001))).toBe('Maximum nodes must be at most 10000.');
    expect(sortOrderField().parse('')).toBeUndefined();
    expect(sortOrderField().parse(4)).toBe(4);
  });

  it('requires text and trims it', () => {
    expect(requiredText('Name').parse('  Argo CD ')).toBe('Argo CD');
    expect(messageOf(requiredText('Name').safeParse('   '))).toBe('Name is required.');
  });

  it('reads a date as 00:00 UTC', () => {
    expect(optionalUtcDate('End of support').parse('2027-06-30')).toBe(Date.UTC(2027, 5, 30));
    expect(optionalUtcDate('End of support').parse('')).toBeNull();
    expect(messageOf(optionalUtcDate('End of support').safeParse('30/06/2027'))).toBe('End of support must be a date.');
  });

  it('lists only the fields that changed, leaving out those to keep', () => {
    const before = { name: 'A', regionIds: ['fr-par-1'], yearly: null as number | null, sortOrder: 3 as number | undefined };
    expect(changedFields(before, { ...before })).toEqual({});
    expect(changedFields(before, { name: 'B', regionIds: ['fr-par-1', 'de-fra-1'], yearly: 100, sortOrder: undefined })).toEqual({ name: 'B', regionIds: ['fr-par-1', 'de-fra-1'], yearly: 100 });
    expect(changedFields({ ...before, yearly: 100 }, before)).toEqual({ yearly: null });
  });
});

describe('the date a price change applies from', () => {
  clockAt(Date.UTC(2027, 2, 10, 15, 0));

  it('applies at once when empty or today, from 00:00 UTC on a later day, and refuses an earlier day', () => {
    const date = priceChangeDate();
    expect(date.parse('')).toBeUndefined();
    expect(date.parse('2027-03-10')).toBeUndefined();
    expect(date.parse('2027-03-11')).toBe(Date.UTC(2027, 2, 11));
    expect(messageOf(date.safeParse('2027-03-09'))).toBe(
      'A price change cannot take effect in the past: leave the date empty to apply it now, or choose a later date.',
    );
    expect(messageOf(date.safeParse('soon'))).toBe('Price change date must be a date.');
  });
});
