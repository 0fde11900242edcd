import { describe, expect, it } from 'vitest';
import { keysOf, pick, split } from './objects';

describe('pick', () => {
  it('copies the named fields, undefined and null ones too, and leaves the rest out', () => {
    const source = { id: 'a', name: 'A', note: null as string | null, extra: 1, missing: undefined as number | undefined };
    expect(pick(source, ['id', 'note', 'missing'])).toStrictEqual({ id: 'a', note: null, missing: undefined });
  });
});

describe('keysOf', () => {
  it('lists the keys in the order they were written, numeric-looking ones included', () => {
    expect(keysOf({ 'best-effort': 'a', '99.5': 'b', '99.9': 'c', web: 'd' })).toEqual(['best-effort', '99.5', '99.9', 'web']);
  });
});

describe('split', () => {
  it('parts the named fields from the others, leaving the source as it was', () => {
    const source = { a: 1, b: 2, c: 3 };
    expect(split(source, ['a', 'c'])).toStrictEqual([{ a: 1, c: 3 }, { b: 2 }]);
    expect(source).toStrictEqual({ a: 1, b: 2, c: 3 });
  });
});
