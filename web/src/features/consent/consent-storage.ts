import { COOKIE_CONSENT_VERSION } from '@kubemarket/shared';
import { readItem, removeItems, writeItem } from '../../lib/browser-storage';
import type { KeyValueStorage } from '../../lib/browser-storage';
import type { OptionalCategoryId } from './consent-categories';

/** docs/product/entities.md#client-side-records: the cookie consent record. */
export interface ConsentRecord {
  necessary: true;
  functional: boolean;
  analytics: boolean;
  marketing: boolean;
  hasConsented: boolean;
  /** When the choice was made, epoch ms. */
  timestamp: number;
  version: string;
}

export type ConsentChoices = Record<OptionalCategoryId, boolean>;

export const CONSENT_STORAGE_KEY = 'cookieConsent';

export const ALL_ACCEPTED: ConsentChoices = { functional: true, analytics: true, marketing: true };
export const ALL_REJECTED: ConsentChoices = { functional: false, analytics: false, marketing: false };

export function createConsentRecord(choices: ConsentChoices, now: number): ConsentRecord {
  return {
    necessary: true,
    functional: choices.functional,
    analytics: choices.analytics,
    marketing: choices.marketing,
    hasConsented: true,
    timestamp: now,
    version: COOKIE_CONSENT_VERSION,
  };
}

/** The stored record, whatever its version; null when absent or unreadable. */
export function readConsentRecord(storage: KeyValueStorage | null): ConsentRecord | null {
  const raw = readItem(storage, CONSENT_STORAGE_KEY);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null) return null;
    const record = value as Record<string, unknown>;
    const flags = [record.functional, record.analytics, record.marketing, record.hasConsented];
    if (!flags.every((flag) => typeof flag === 'boolean') || typeof record.version !== 'string') return null;
    return {
      // Necessary is always true, whatever was stored.
      necessary: true,
      functional: record.functional as boolean,
      analytics: record.analytics as boolean,
      marketing: record.marketing as boolean,
      hasConsented: record.hasConsented as boolean,
      timestamp: typeof record.timestamp === 'number' ? record.timestamp : 0,
      version: record.version,
    };
  } catch {
    return null;
  }
}

export function writeConsentRecord(storage: KeyValueStorage | null, record: ConsentRecord): void {
  writeItem(storage, CONSENT_STORAGE_KEY, JSON.stringify(record));
}

export function clearConsentRecord(storage: KeyValueStorage | null): void {
  removeItems(storage, [CONSENT_STORAGE_KEY]);
}

/** docs/product/states.md#cookie-consent: no record, or a record of another version, shows the banner. */
export function needsConsent(record: ConsentRecord | null): boolean {
  return !record || !record.hasConsented || record.version !== COOKIE_CONSENT_VERSION;
}

/** What may be used now: only a current-version choice counts; before it, only necessary storage. */
export function effectiveChoices(record: ConsentRecord | null): ConsentChoices {
  if (needsConsent(record) || !record) return { ...ALL_REJECTED };
  return { functional: record.functional, analytics: record.analytics, marketing: record.marketing };
}
