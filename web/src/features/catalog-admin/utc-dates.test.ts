import { describe, expect, it } from 'vitest';
import { epochToUtcDate, epochToUtcDateTime, formatUtcDate, formatUtcDateTime, utcDateTimeToEpoch, utcDateToEpoch } from './utc-dates';

describe('UTC dates of the forms', () => {
  it('reads date and datetime-local values as UTC, whatever the time zone', () => {
    expect(utcDateToEpoch('2027-03-01')).toBe(Date.UTC(2027, 2, 1));
    expect(utcDateTimeToEpoch('2027-03-01T09:30')).toBe(Date.UTC(2027, 2, 1, 9, 30));
  });

  it('refuses what is not a date', () => {
    expect(utcDateToEpoch('')).toBeNull();
    expect(utcDateToEpoch('01/03/2027')).toBeNull();
    expect(utcDateToEpoch('2027-02-30T00:00')).toBeNull();
    expect(utcDateToEpoch('2027-13-01')).toBeNull();
    expect(utcDateTimeToEpoch('2027-03-01')).toBeNull();
  });

  it('gives the field values of a stored time', () => {
    const epoch = Date.UTC(2027, 2, 1, 23, 45, 12);
    expect(epochToUtcDate(epoch)).toBe('2027-03-01');
    expect(epochToUtcDateTime(epoch)).toBe('2027-03-01T23:45');
    expect(utcDateTimeToEpoch(epochToUtcDateTime(epoch))).toBe(Date.UTC(2027, 2, 1, 23, 45));
  });

  it('shows dates in UTC', () => {
    expect(formatUtcDate(Date.UTC(2027, 2, 1, 23, 45))).toBe('1 Mar 2027');
    expect(formatUtcDateTime(Date.UTC(2027, 2, 1, 9, 5))).toBe('1 Mar 2027, 09:05 UTC');
  });
});
