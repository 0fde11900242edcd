/**
 * Exactly once: each attempt (to place an order, to pay it) carries its own idempotency key. The
 * same attempt sent again (a double click, a retry after the connection dropped) keeps its key, so
 * the server answers the order or payment it already has; a changed request, or a new attempt
 * after the server answered, gets a new key.
 */
export interface AttemptKey {
  key: string;
  /** The request the key was made for, without the key. */
  fingerprint: string;
}

export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/** The key to send `fingerprint` with: the current attempt's when it is the same request, else a new one. */
export function keyFor(current: AttemptKey | null, fingerprint: string, makeKey: () => string = newIdempotencyKey): AttemptKey {
  return current && current.fingerprint === fingerprint ? current : { key: makeKey(), fingerprint };
}
