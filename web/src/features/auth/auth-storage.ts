import { readItem, removeItems, writeItem } from '../../lib/browser-storage';
import type { KeyValueStorage } from '../../lib/browser-storage';
import { LOGOUT_CLEARED_KEYS, STORAGE_KEYS } from '../../lib/storage-keys';

export interface MfaChallenge {
  mfaToken: string;
  tempUserId: string;
}

/** A sign-in waiting for its second factor survives a reload of the tab, not the tab itself. */
export function saveMfaChallenge(storage: KeyValueStorage | null, challenge: MfaChallenge): void {
  writeItem(storage, STORAGE_KEYS.mfaToken, challenge.mfaToken);
  writeItem(storage, STORAGE_KEYS.tempUserId, challenge.tempUserId);
}

export function readMfaChallenge(storage: KeyValueStorage | null): MfaChallenge | null {
  const mfaToken = readItem(storage, STORAGE_KEYS.mfaToken);
  const tempUserId = readItem(storage, STORAGE_KEYS.tempUserId);
  return mfaToken && tempUserId ? { mfaToken, tempUserId } : null;
}

export function clearMfaChallenge(storage: KeyValueStorage | null): void {
  removeItems(storage, [STORAGE_KEYS.mfaToken, STORAGE_KEYS.tempUserId]);
}

/** SPEC.md section 4: what a logout removes from local and from session storage. */
export function clearAuthStorage(storages: ReadonlyArray<KeyValueStorage | null>): void {
  for (const storage of storages) removeItems(storage, LOGOUT_CLEARED_KEYS);
}
