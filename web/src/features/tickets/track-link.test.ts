import { describe, expect, it } from 'vitest';
import { readTrackLink } from './track-link';

describe('readTrackLink', () => {
  it('reads the confirmation and the reply links of the emails', () => {
    expect(readTrackLink('#confirm=abc123')).toEqual({ kind: 'confirm', token: 'abc123' });
    expect(readTrackLink('#token=def456')).toEqual({ kind: 'token', token: 'def456' });
  });

  it('prefers confirming when both are there, and ignores an empty or unknown fragment', () => {
    expect(readTrackLink('#token=b&confirm=a')).toEqual({ kind: 'confirm', token: 'a' });
    expect(readTrackLink('')).toBeNull();
    expect(readTrackLink('#confirm=')).toBeNull();
    expect(readTrackLink('#section')).toBeNull();
  });
});
