import { describe, expect, it } from 'vitest';
import { changeListSearch, listInput, pageSizeOptions, rangeLabel, readListSearch } from './list-search';
import { listSearchParams } from './list-search-params';

describe('order list search parameters', () => {
  it('keeps only the shapes a list reads, whatever the address holds', () => {
    expect(listSearchParams({ status: 'pending', q: 'prod', sort: 'oldest', page: 3, pageSize: 20, other: 'x' })).toEqual({
      status: 'pending',
      q: 'prod',
      sort: 'oldest',
      page: 3,
      pageSize: 20,
    });
    // Hand-typed numbers come as text; anything out of the server's range is dropped.
    expect(listSearchParams({ page: '2', pageSize: '500' })).toEqual({ page: 2 });
    expect(listSearchParams({ page: 0, pageSize: 1.5, q: '   ', status: 7 })).toEqual({});
  });

  it('reads known values only and leaves the defaults out', () => {
    expect(readListSearch({ status: 'shipped', sort: 'cheapest', q: '  web  ', page: 1, pageSize: 10 })).toEqual({ q: 'web' });
    expect(readListSearch({ status: 'failed', sort: 'total_desc', page: 4, pageSize: 50 })).toEqual({ status: 'failed', sort: 'total_desc', page: 4, pageSize: 50 });
    expect(readListSearch({ q: 'x'.repeat(150) }).q).toHaveLength(100);
  });

  it('goes back to the first page when the filter, search, sort or size changes, but not when the page does', () => {
    const current = { status: 'completed' as const, page: 3 };
    expect(changeListSearch(current, { sort: 'oldest' })).toEqual({ status: 'completed', sort: 'oldest' });
    expect(changeListSearch(current, { status: null })).toEqual({});
    expect(changeListSearch(current, { q: 'analytics' })).toEqual({ status: 'completed', q: 'analytics' });
    expect(changeListSearch(current, { page: 4 })).toEqual({ status: 'completed', page: 4 });
    expect(changeListSearch(current, { pageSize: 20 })).toEqual({ status: 'completed', pageSize: 20 });
    expect(changeListSearch({ q: 'web' }, { q: '' })).toEqual({});
  });

  it('asks the server for the kind, the filters and the page', () => {
    expect(listInput({}, 'cluster')).toEqual({ kind: 'cluster', sort: 'newest', page: 1, pageSize: 10 });
    expect(listInput({ status: 'pending', q: 'ml', sort: 'total_asc', page: 2, pageSize: 20 })).toEqual({
      status: 'pending',
      q: 'ml',
      sort: 'total_asc',
      page: 2,
      pageSize: 20,
    });
  });

  it('offers the usual page sizes and the one the address asked for', () => {
    expect(pageSizeOptions(10)).toEqual([10, 20, 50]);
    expect(pageSizeOptions(2)).toEqual([2, 10, 20, 50]);
    expect(pageSizeOptions(75)).toEqual([10, 20, 50, 75]);
  });

  it('says which orders a page shows', () => {
    expect(rangeLabel(1, 10, 0)).toBe('No orders');
    expect(rangeLabel(1, 10, 1)).toBe('Order 1 of 1');
    expect(rangeLabel(2, 10, 42)).toBe('Orders 11–20 of 42');
    expect(rangeLabel(5, 10, 42)).toBe('Orders 41–42 of 42');
    expect(rangeLabel(3, 2, 5)).toBe('Order 5 of 5');
  });
});
