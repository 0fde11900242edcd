import { fromGardenerSchedules, HIBERNATION_PRESETS, MAX_HIBERNATION_SCHEDULES } from '@kubemarket/shared';
import type { HibernationPeriod, HibernationPresetId, HibernationSettings } from '@kubemarket/shared';
import type { ClusterDetail } from './cluster-types';

/**
 * The hibernation schedule editor's values: the periods the stored crons mean (the server keeps
 * Gardener's form) and presets added with a click; the editor's useSchemaForm checks them with the
 * server's own hibernationSettingsSchema.
 */

export function settingsOf(detail: Pick<ClusterDetail, 'hibernation'>): HibernationSettings {
  return { timezone: detail.hibernation.timezone, schedules: fromGardenerSchedules(detail.hibernation.schedules) };
}

const samePeriod = (a: HibernationPeriod, b: HibernationPeriod) =>
  a.sleepAt === b.sleepAt && a.wakeAt === b.wakeAt && (a.wakeDay ?? null) === (b.wakeDay ?? null) && a.days.join() === b.days.join();

/** The periods with the preset's added, unless it is there already or the list is full. */
export function withPreset(periods: readonly HibernationPeriod[], preset: HibernationPresetId): HibernationPeriod[] {
  const period = HIBERNATION_PRESETS[preset].period;
  if (periods.some((existing) => samePeriod(existing, period)) || periods.length >= MAX_HIBERNATION_SCHEDULES) return [...periods];
  return [...periods, { ...period, days: [...period.days] }];
}

/** Whether the editor differs from what is stored (to enable Save). */
export function settingsChanged(stored: HibernationSettings, edited: HibernationSettings): boolean {
  return stored.timezone !== edited.timezone || stored.schedules.length !== edited.schedules.length || stored.schedules.some((period, index) => !samePeriod(period, edited.schedules[index]!));
}

/** IANA zones the browser knows, the current one included even if it does not list it. */
export function timeZoneOptions(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes(current) ? zones : [current, ...zones];
}
