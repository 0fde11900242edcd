import { hibernationSettingsSchema, toGardenerSchedules } from '@kubemarket/shared';
import { schemaResolver } from '@mantine/form';
import { describe, expect, it } from 'vitest';
import { settingsChanged, settingsOf, timeZoneOptions, withPreset } from './hibernation-form';
import { clusterDetail } from './test-fixtures';

const WEEKNIGHTS = { days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const, sleepAt: '20:00', wakeAt: '07:00' };

describe('settingsOf', () => {
  it('reads the stored crons back as the periods they mean, in their time zone', () => {
    const stored = toGardenerSchedules({ schedules: [{ ...WEEKNIGHTS, days: [...WEEKNIGHTS.days] }] });
    const detail = clusterDetail({ hibernation: { ...clusterDetail().hibernation, timezone: 'Europe/Berlin', schedules: stored } });
    expect(settingsOf(detail)).toEqual({ timezone: 'Europe/Berlin', schedules: [{ ...WEEKNIGHTS, days: [...WEEKNIGHTS.days] }] });
    expect(settingsOf(clusterDetail())).toEqual({ timezone: 'Europe/Paris', schedules: [] });
  });
});

describe('withPreset', () => {
  it('adds weeknights and weekends once each', () => {
    const one = withPreset([], 'weeknights');
    expect(one).toEqual([{ ...WEEKNIGHTS, days: [...WEEKNIGHTS.days] }]);
    const two = withPreset(one, 'weekends');
    expect(two[1]).toEqual({ days: ['friday'], sleepAt: '20:00', wakeAt: '07:00', wakeDay: 'monday' });
    expect(withPreset(two, 'weeknights')).toHaveLength(2);
  });

  it('does not grow past the seven schedules the server takes', () => {
    const full = Array.from({ length: 7 }, (_, index) => ({ days: ['monday' as const], sleepAt: `1${index}:00`, wakeAt: '08:00' }));
    expect(withPreset(full, 'weekends')).toHaveLength(7);
  });
});

/** The editor's check: the server's schema through the form's resolver, each message under its field. */
const formErrors = schemaResolver(hibernationSettingsSchema, { sync: true });

describe("the schedule editor's check", () => {
  it('accepts weeknights and weekends together in an IANA zone', () => {
    const values = { timezone: 'europe/paris', schedules: withPreset(withPreset([], 'weeknights'), 'weekends') };
    expect(formErrors(values)).toEqual({});
    const result = hibernationSettingsSchema.safeParse(values);
    expect(result.success).toBe(true);
    expect(result.success && result.data.timezone).toBe('Europe/Paris');
  });

  it("says what is wrong where, in the server's words", () => {
    const errors = formErrors({ timezone: 'Mars/Olympus', schedules: [{ days: [], sleepAt: '25:00', wakeAt: '07:00' }] });
    expect(Object.keys(errors).length).toBeGreaterThan(0);
    expect(errors.timezone).toMatch(/is not a time zone/);
    expect(errors['schedules.0.days']).toBe('A schedule needs at least one day.');
    expect(errors['schedules.0.sleepAt']).toBe('Times are HH:MM, 24-hour.');
  });

  it('refuses a schedule that never wakes the cluster', () => {
    const errors = formErrors({ timezone: 'UTC', schedules: [{ days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'], sleepAt: '00:00', wakeAt: '00:00', wakeDay: 'monday' }] });
    expect(Object.keys(errors).length).toBeGreaterThan(0);
    expect(errors.schedules).toMatch(/asleep all week/);
  });
});

describe('settingsChanged', () => {
  it('compares the zone and each period', () => {
    const stored = { timezone: 'UTC', schedules: withPreset([], 'weeknights') };
    expect(settingsChanged(stored, { timezone: 'UTC', schedules: withPreset([], 'weeknights') })).toBe(false);
    expect(settingsChanged(stored, { timezone: 'Europe/Paris', schedules: stored.schedules })).toBe(true);
    expect(settingsChanged(stored, { timezone: 'UTC', schedules: [{ ...stored.schedules[0]!, wakeAt: '08:00' }] })).toBe(true);
    expect(settingsChanged(stored, { timezone: 'UTC', schedules: [] })).toBe(true);
  });
});

describe('timeZoneOptions', () => {
  it('lists the IANA zones and keeps the current one', () => {
    expect(timeZoneOptions('Europe/Paris')).toContain('Europe/Paris');
    expect(timeZoneOptions('Etc/Unlisted')[0]).toBe('Etc/Unlisted');
  });
});
