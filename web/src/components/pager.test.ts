import { describe, expect, it } from 'vitest';
import { pageCount, paginationLabels } from './pager';

describe('pageCount', () => {
  // Pages of a list, at least one.
  it.each([
    [0, 20, 1],
    [20, 20, 1],
    [21, 20, 2],
    [41, 20, 3],
    [10_000, 100, 100],
  ])('counts %i items by %i as %i pages', (total, pageSize, pages) => {
    expect(pageCount(total, pageSize)).toBe(pages);
  });
});

describe('paginationLabels', () => {
  it('names each arrow button', () => {
    expect(['first', 'previous', 'next', 'last'].map((control) => paginationLabels(control as 'first')['aria-label'])).toEqual(['First page', 'Previous page', 'Next page', 'Last page']);
  });
});
