import { describe, expect, it } from 'vitest';
import { changeClusterSearch, clusterListInput, clusterRangeLabel, isFiltered, pageSizeOptions, readClusterSearch } from './list-search';
import { clusterDetailSearch, clusterListSearchParams } from './list-search-params';

describe('clusterListSearchParams', () => {
  it('keeps the shapes of the address, numbers typed as text included', () => {
    expect(clusterListSearchParams({ q: 'web', status: 'running', tier: 'tier_standard', region: 'fr-par-1', sort: 'cost', page: '3', pageSize: 50 })).toEqual({
      q: 'web',
      status: 'running',
      tier: 'tier_standard',
      region: 'fr-par-1',
      sort: 'cost',
      page: 3,
      pageSize: 50,
    });
  });

  it('drops what is not of the right shape', () => {
    expect(clusterListSearchParams({ q: '  ', status: 4, page: '0', pageSize: '101', sort: ['name'], region: '' })).toEqual({});
    expect(clusterListSearchParams({ page: 2.5 })).toEqual({});
  });
});

describe('readClusterSearch', () => {
  it('leaves out an unknown status or sort, the defaults, and trims the search', () => {
    expect(readClusterSearch({ q: '  prod ', status: 'sleeping', sort: 'newest', page: 1, pageSize: 20 })).toEqual({ q: 'prod' });
    expect(readClusterSearch({ status: 'hibernated', sort: 'nodes', page: 4, pageSize: 50 })).toEqual({ status: 'hibernated', sort: 'nodes', page: 4, pageSize: 50 });
  });

  it('cuts the search to the 100 characters the server takes and refuses over-long ids', () => {
    expect(readClusterSearch({ q: 'x'.repeat(140) }).q).toHaveLength(100);
    expect(readClusterSearch({ tier: 't'.repeat(65), region: 'fr-par-1' })).toEqual({ region: 'fr-par-1' });
  });
});

describe('changeClusterSearch', () => {
  const current = { q: 'web', status: 'running' as const, sort: 'cost' as const, page: 3 };

  it('goes back to the first page when the search, a filter, the sort or the page size changes', () => {
    expect(changeClusterSearch(current, { region: 'de-fra-1' })).toEqual({ q: 'web', status: 'running', sort: 'cost', region: 'de-fra-1' });
    expect(changeClusterSearch(current, { pageSize: 50 })).toEqual({ q: 'web', status: 'running', sort: 'cost', pageSize: 50 });
  });

  it('keeps the filters when only the page changes, and removes emptied values', () => {
    expect(changeClusterSearch(current, { page: 4 })).toEqual({ ...current, page: 4 });
    expect(changeClusterSearch(current, { q: '', status: null })).toEqual({ sort: 'cost' });
    expect(changeClusterSearch(current, { sort: 'newest' })).toEqual({ q: 'web', status: 'running' });
  });
});

describe('clusterListInput', () => {
  it('asks the server for the defaults the address leaves out, under its own names', () => {
    expect(clusterListInput({})).toEqual({ sort: 'newest', page: 1, pageSize: 20 });
    expect(clusterListInput({ q: 'web', status: 'failed', tier: 'tier_devtest', region: 'fr-par-1', sort: 'name', page: 2, pageSize: 10 })).toEqual({
      q: 'web',
      status: 'failed',
      tierId: 'tier_devtest',
      region: 'fr-par-1',
      sort: 'name',
      page: 2,
      pageSize: 10,
    });
  });
});

describe('pages', () => {
  it('offers the usual page sizes and the one in the address', () => {
    expect(pageSizeOptions(20)).toEqual([10, 20, 50, 100]);
    expect(pageSizeOptions(3)).toEqual([3, 10, 20, 50, 100]);
  });

  it('names the rows shown', () => {
    expect(clusterRangeLabel(1, 20, 0)).toBe('No clusters');
    expect(clusterRangeLabel(1, 20, 1)).toBe('Cluster 1 of 1');
    expect(clusterRangeLabel(2, 20, 57)).toBe('Clusters 21–40 of 57');
    expect(clusterRangeLabel(3, 20, 57)).toBe('Clusters 41–57 of 57');
  });

  it('knows when the list is narrowed', () => {
    expect(isFiltered({ sort: 'name', page: 2 })).toBe(false);
    expect(isFiltered({ region: 'fr-par-1' })).toBe(true);
  });
});

describe('clusterDetailSearch', () => {
  it('keeps a known tab, and leaves the overview (the default) out of the address', () => {
    expect(clusterDetailSearch({ tab: 'access' })).toEqual({ tab: 'access' });
    expect(clusterDetailSearch({ tab: 'overview' })).toEqual({});
    expect(clusterDetailSearch({ tab: 'secrets' })).toEqual({});
  });
});
