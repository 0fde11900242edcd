import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../lib/browser-storage';
import { COOKIE_CATEGORIES } from './consent-categories';
import {
  ALL_ACCEPTED,
  ALL_REJECTED,
  CONSENT_STORAGE_KEY,
  clearConsentRecord,
  createConsentRecord,
  effectiveChoices,
  needsConsent,
  readConsentRecord,
  writeConsentRecord,
} from './consent-storage';

const NOW = Date.UTC(2026, 0, 5, 10);

describe('consent record', () => {
  it('Accept All sets the four categories true, version 1.0.0', () => {
    expect(createConsentRecord(ALL_ACCEPTED, NOW)).toEqual({
      necessary: true,
      functional: true,
      analytics: true,
      marketing: true,
      hasConsented: true,
      timestamp: NOW,
      version: '1.0.0',
    });
  });

  it('Reject All keeps only necessary true', () => {
    expect(createConsentRecord(ALL_REJECTED, NOW)).toMatchObject({ necessary: true, functional: false, analytics: false, marketing: false, hasConsented: true });
  });

  it('is stored, read back and cleared', () => {
    const storage = memoryStorage();
    const record = createConsentRecord({ functional: true, analytics: false, marketing: false }, NOW);
    writeConsentRecord(storage, record);
    expect(JSON.parse(storage.values.get(CONSENT_STORAGE_KEY) ?? '')).toEqual(record);
    expect(readConsentRecord(storage)).toEqual(record);
    clearConsentRecord(storage);
    expect(readConsentRecord(storage)).toBeNull();
  });

  it('always reads necessary as true', () => {
    const storage = memoryStorage({ [CONSENT_STORAGE_KEY]: JSON.stringify({ ...createConsentRecord(ALL_REJECTED, NOW), necessary: false }) });
    expect(readConsentRecord(storage)?.necessary).toBe(true);
  });

  it('ignores unreadable records', () => {
    expect(readConsentRecord(memoryStorage({ [CONSENT_STORAGE_KEY]: '{not json' }))).toBeNull();
    expect(readConsentRecord(memoryStorage({ [CONSENT_STORAGE_KEY]: JSON.stringify({ analytics: 'yes' }) }))).toBeNull();
  });
});

describe('needsConsent', () => {
  it('is true without a record or with another version', () => {
    expect(needsConsent(null)).toBe(true);
    expect(needsConsent({ ...createConsentRecord(ALL_ACCEPTED, NOW), version: '0.9.0' })).toBe(true);
    expect(needsConsent(createConsentRecord(ALL_REJECTED, NOW))).toBe(false);
  });

  it('allows nothing optional until a current choice exists', () => {
    expect(effectiveChoices(null)).toEqual(ALL_REJECTED);
    expect(effectiveChoices({ ...createConsentRecord(ALL_ACCEPTED, NOW), version: '0.9.0' })).toEqual(ALL_REJECTED);
    expect(effectiveChoices(createConsentRecord(ALL_ACCEPTED, NOW))).toEqual(ALL_ACCEPTED);
  });
});

describe('cookie categories', () => {
  it('describes the four categories, only necessary required', () => {
    expect(COOKIE_CATEGORIES.map((category) => [category.id, category.required])).toEqual([
      ['necessary', true],
      ['functional', false],
      ['analytics', false],
      ['marketing', false],
    ]);
    for (const category of COOKIE_CATEGORIES) {
      expect(category.title).not.toBe('');
      expect(category.description).not.toBe('');
      expect(category.examples.length).toBeGreaterThan(0);
    }
  });
});
