import { describe, expect, it } from 'vitest';
import { pageCount, paginationLabels } from './pager';

describe('pageCount', () => {
  it('counts pages, at least one', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
    expect(pageCount(41, 20)).toBe(3);
    expect(pageCount(10_000, 100)).toBe(100);
  });
});

describe('paginationLabels', () => {
  it('names each arrow button', () => {
    expect(['first', 'previous', 'next', 'last'].map((control) => paginationLabels(control as 'first')['aria-label'])).toEqual(['First page', 'Previous page', 'Next page', 'Last page']);
  });
});
