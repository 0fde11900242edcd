/**
 * When a failed delivery is tried again (ADR 36): after the first attempt fails, 5 s, then 5 min,
 * 30 min, 2 h, 5 h and 10 h later; a seventh failure, about 18 hours after the event, is final.
 */
export const WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000];

/** Attempts a delivery gets before it is failed. */
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_MS.length + 1;

/** How long a receiver has to answer; a 2xx within it is success. */
export const WEBHOOK_TIMEOUT_MS = 15_000;

/** When the next attempt is due after `attempts` failed ones ending at `now`; null when it was the last. */
export function nextAttemptAt(attempts: number, now: number): number | null {
  const delay = WEBHOOK_RETRY_DELAYS_MS[attempts - 1];
  return delay === undefined ? null : now + delay;
}
