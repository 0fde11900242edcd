import { describe, expect, it } from 'vitest';
import { keyFor, newIdempotencyKey } from './attempt-key';

describe('attempt keys', () => {
  it('keeps the key of the same attempt sent again, and makes a new one for another request', () => {
    let made = 0;
    const make = () => `key-${(made += 1)}`;
    const first = keyFor(null, 'card 4242', make);
    expect(first).toEqual({ key: 'key-1', fingerprint: 'card 4242' });
    // A double click, or Pay again after the connection dropped: the same payment.
    expect(keyFor(first, 'card 4242', make)).toBe(first);
    // Another card: another attempt.
    expect(keyFor(first, 'card 0002', make)).toEqual({ key: 'key-2', fingerprint: 'card 0002' });
    // After the server answered, the checkout forgets the attempt: the next is new even with the same card.
    expect(keyFor(null, 'card 4242', make).key).toBe('key-3');
  });

  it('makes keys the server accepts (8 to 128 visible characters) and never the same twice', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(/^[\x21-\x7e]{8,128}$/);
  });
});
