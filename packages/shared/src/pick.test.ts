import { describe, expect, it } from 'vitest';
import { pick } from './pick';

describe('pick', () => {
  it('copies the named fields, undefined and null ones too, and leaves the rest out', () => {
    const source = { id: 'a', name: 'A', note: null as string | null, extra: 1, missing: undefined as number | undefined };
    expect(pick(source, ['id', 'note', 'missing'])).toStrictEqual({ id: 'a', note: null, missing: undefined });
  });
});
