import { readItem, removeItems, writeItem } from '../../lib/browser-storage';
import type { KeyValueStorage } from '../../lib/browser-storage';
import { LOGOUT_CLEARED_KEYS, STORAGE_KEYS } from '../../lib/storage-keys';
import type { MfaRequired, MfaSetupRequired } from './auth-types';
import { isMfaRequired } from './auth-types';

/**
 * The step a sign-in waits at after the password or link: the authenticator `code`, or the `setup`
 * of two-step verification that staff accounts must do before they get a session.
 */
export type MfaStep = 'code' | 'setup';

export interface MfaChallenge {
  mfaToken: string;
  tempUserId: string;
  step: MfaStep;
}

/** Session storage key of the step; the token and user id keep their names (docs/product/states.md#sign-in-and-sign-out). */
export const MFA_STEP_KEY = 'mfaStep';

/** The pending step of a sign-in answer that did not sign the user in. */
export function challengeOf(result: MfaRequired | MfaSetupRequired): MfaChallenge {
  return { mfaToken: result.mfaToken, tempUserId: result.tempUserId, step: isMfaRequired(result) ? 'code' : 'setup' };
}

/** A sign-in waiting for its second factor survives a reload of the tab, not the tab itself. */
export function saveMfaChallenge(storage: KeyValueStorage | null, challenge: MfaChallenge): void {
  writeItem(storage, STORAGE_KEYS.mfaToken, challenge.mfaToken);
  writeItem(storage, STORAGE_KEYS.tempUserId, challenge.tempUserId);
  if (challenge.step === 'setup') writeItem(storage, MFA_STEP_KEY, 'setup');
  else removeItems(storage, [MFA_STEP_KEY]);
}

export function readMfaChallenge(storage: KeyValueStorage | null): MfaChallenge | null {
  const mfaToken = readItem(storage, STORAGE_KEYS.mfaToken);
  const tempUserId = readItem(storage, STORAGE_KEYS.tempUserId);
  const step: MfaStep = readItem(storage, MFA_STEP_KEY) === 'setup' ? 'setup' : 'code';
  return mfaToken && tempUserId ? { mfaToken, tempUserId, step } : null;
}

export function clearMfaChallenge(storage: KeyValueStorage | null): void {
  removeItems(storage, [STORAGE_KEYS.mfaToken, STORAGE_KEYS.tempUserId, MFA_STEP_KEY]);
}

/** docs/product/states.md#sign-in-and-sign-out: what a logout removes from local and from session storage (and the step that goes with them). */
export function clearAuthStorage(storages: ReadonlyArray<KeyValueStorage | null>): void {
  for (const storage of storages) removeItems(storage, [...LOGOUT_CLEARED_KEYS, MFA_STEP_KEY]);
}
