import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../lib/browser-storage';
import { emptyDraft } from './draft';
import { clearDraft, draftStorageKey, initialDraft, loadDraft, saveDraft } from './draft-storage';

describe('the kept draft', () => {
  it('is kept per user and read back as it was saved', () => {
    const storage = memoryStorage();
    const draft = { ...emptyDraft('draft-key-0001'), tierId: 'tier_standard', name: 'prod-eu', furthestStep: 4 };
    saveDraft(storage, draftStorageKey('usr_alice'), draft);
    expect(loadDraft(storage, draftStorageKey('usr_alice'))).toEqual(draft);
    expect(loadDraft(storage, draftStorageKey('usr_bruno'))).toBeNull();
    expect(draftStorageKey('usr_alice')).not.toBe(draftStorageKey('usr_bruno'));
  });

  it('is gone after "Start over"', () => {
    const storage = memoryStorage();
    const key = draftStorageKey('usr_alice');
    saveDraft(storage, key, emptyDraft('draft-key-0001'));
    clearDraft(storage, key);
    expect(loadDraft(storage, key)).toBeNull();
    expect(initialDraft(storage, key).idempotencyKey).not.toBe('draft-key-0001');
  });

  it('starts a new draft when what is kept cannot be read: not JSON, another version, a wrong shape', () => {
    const key = draftStorageKey('usr_alice');
    const saved = JSON.stringify({ version: 1, draft: emptyDraft('draft-key-0001') });
    expect(loadDraft(memoryStorage({ [key]: saved }), key)).not.toBeNull();
    expect(loadDraft(memoryStorage({ [key]: '{not json' }), key)).toBeNull();
    expect(loadDraft(memoryStorage({ [key]: saved.replace('"version":1', '"version":0') }), key)).toBeNull();
    expect(loadDraft(memoryStorage({ [key]: JSON.stringify({ version: 1, draft: { ...emptyDraft(), pools: 'none' } }) }), key)).toBeNull();
    expect(loadDraft(null, key)).toBeNull();
  });
});
