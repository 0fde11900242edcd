/**
 * Random bytes for what every request draws (its X-Request-Id, a visitor's CSRF token), taken from
 * a pool that crypto.getRandomValues fills 4 KiB at a time. On workerd each call of
 * getRandomValues costs tens of µs whatever its size, and a request drew twice: a share of a cached
 * catalogue read that no other work there came near (issue 35, ADR 55). Every byte comes from the
 * same CSPRNG and is handed out once, as nanoid's pool does; the pool lives in the isolate's memory
 * beside the sessions it already caches.
 */
const POOL_BYTES = 4096;
let pool = new Uint8Array(0);
let offset = 0;

/** `length` fresh random bytes (a copy: the caller may keep or change them). */
export function randomBytes(length: number): Uint8Array {
  if (length > POOL_BYTES) return crypto.getRandomValues(new Uint8Array(length));
  if (offset + length > pool.length) {
    // Filled on first use: a Worker may not draw random values at module scope.
    pool = crypto.getRandomValues(new Uint8Array(POOL_BYTES));
    offset = 0;
  }
  const bytes = pool.slice(offset, offset + length);
  offset += length;
  return bytes;
}
