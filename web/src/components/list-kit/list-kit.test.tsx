import { MantineProvider } from '@mantine/core';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { UseQueryResult } from '@tanstack/react-query';
import { DataTable } from './data-table';
import { PagedTable } from './paged-table';
import { QueryView } from './query-view';
import { matchRangeLabel, rangeLabel, withPageOf } from './range-label';
import { listSearchRules, listSearchShapes, textSearch } from './search-params';

const html = (element: ReactElement) => renderToStaticMarkup(<MantineProvider>{element}</MantineProvider>);

describe('DataTable', () => {
  const rows = [
    { id: 'a', name: 'Alpha', cost: 3 },
    { id: 'b', name: 'Beta', cost: 4 },
  ];

  it('names the table, heads its columns and rows, and leaves out a column set to false', () => {
    const markup = html(
      <DataTable
        rows={rows}
        rowKey={(row) => row.id}
        rowProps={(row) => ({ 'data-testid': 'row', 'data-id': row.id })}
        columns={[{ header: 'Name', rowHeader: true, cell: (row) => row.name }, false, { header: 'Cost', align: 'right', cell: (row) => row.cost }, { header: 'Actions', hideHeader: true, cell: () => null }]}
        caption="Things"
        minWidth={480}
        testId="things"
      />,
    );
    expect(markup).toContain('<caption');
    expect(markup).toContain('Things');
    expect(markup).toMatch(/<table[^>]*data-testid="things"/);
    expect(markup.match(/scope="col"/g)).toHaveLength(3);
    expect(markup.match(/<th[^>]*scope="row"[^>]*>Alpha<\/th>/)).not.toBeNull();
    expect(markup).toMatch(/<tr[^>]*data-testid="row"[^>]*data-id="b"/);
    expect(markup).toMatch(/VisuallyHidden[^>]*>Actions</);
  });

  it('takes an accessible name instead of a caption', () => {
    const markup = html(<DataTable rows={rows} rowKey={(row) => row.id} columns={[{ header: 'Name', cell: (row) => row.name }]} label="Things" minWidth={480} />);
    expect(markup).not.toContain('<caption');
    expect(markup).toMatch(/<table[^>]*aria-label="Things"/);
  });

  it('adds a footer, says an earlier answer busy, and names a scroll region the keyboard reaches', () => {
    const markup = html(
      <DataTable
        rows={rows}
        rowKey={(row) => row.id}
        columns={[{ header: 'Name', cell: (row) => row.name }]}
        label="Things"
        minWidth={480}
        busy
        scrollRegion="Things table"
        footer={
          <tr>
            <th>Total</th>
          </tr>
        }
      />,
    );
    expect(markup).toMatch(/<tfoot[^>]*><tr><th>Total<\/th><\/tr><\/tfoot>/);
    expect(markup).toMatch(/<table[^>]*aria-busy="true"/);
    expect(markup).toMatch(/tabindex="0" role="region" aria-label="Things table"|role="region"[^>]*aria-label="Things table"/);
    expect(html(<DataTable rows={rows} rowKey={(row) => row.id} columns={[{ header: 'Name', cell: (row) => row.name }]} label="Things" minWidth={480} />)).not.toMatch(/<tfoot|aria-busy|role="region"/);
  });
});

describe('PagedTable', () => {
  it('hands the range and the pager their props and the table its own', () => {
    const data = { items: [{ id: 'a', name: 'Alpha' }], total: 21 };
    const markup = html(
      <PagedTable<(typeof data.items)[number], typeof data>
        query={{ isPending: false, data, error: null, isFetching: false } as UseQueryResult<typeof data, { message: string }>}
        loading="Loading…"
        errorTitle="The things could not be loaded"
        range={(answer) => `1–1 of ${answer.total} things`}
        rangeTestId="thing-count"
        pagerLabel="Pages of things"
        pages={() => 3}
        page={() => 1}
        onPage={() => {}}
        columns={[{ header: 'Name', cell: (row) => row.name }]}
        rowKey={(row) => row.id}
        rowProps={(row) => ({ 'data-testid': 'thing-row', 'data-id': row.id })}
        label="Things"
        minWidth={480}
        testId="things-table"
      />,
    );
    expect(markup).toMatch(/data-testid="thing-count"[^>]*>1–1 of 21 things</);
    expect(markup).toMatch(/<table[^>]*aria-label="Things"[^>]*data-testid="things-table"/);
    expect(markup).toMatch(/<tr[^>]*data-testid="thing-row"[^>]*data-id="a"/);
    expect(markup).toContain('Pages of things');
  });
});

describe('range labels', () => {
  it('says which rows a page shows, in the singular when it is one', () => {
    const words = { none: 'No orders', one: 'Order', many: 'Orders' };
    expect(rangeLabel(1, 10, 0, words)).toBe('No orders');
    expect(rangeLabel(1, 10, 1, words)).toBe('Order 1 of 1');
    expect(rangeLabel(2, 10, 42, words)).toBe('Orders 11–20 of 42');
    expect(rangeLabel(3, 2, 5, words)).toBe('Order 5 of 5');
    expect(rangeLabel(3, 2, 5, { none: 'No tickets', many: 'Tickets' })).toBe('Tickets 5–5 of 5');
  });

  it('says which matches a page shows', () => {
    expect(matchRangeLabel(0, 1, 20, ['user', 'users'])).toBe('No user matches.');
    expect(matchRangeLabel(1, 1, 20, ['user', 'users'])).toBe('1–1 of 1 user');
    expect(matchRangeLabel(95, 5, 20, ['user', 'users'])).toBe('81–95 of 95 users');
    expect(matchRangeLabel(51, 3, 25, ['organisation', 'organisations'])).toBe('51–51 of 51 organisations');
    expect(matchRangeLabel(0, 1, 25, ['organisation', 'organisations'])).toBe('No organisation matches.');
  });

  it('adds the page when there are several', () => {
    expect(withPageOf('Orders 11–20 of 42', 2, 5)).toBe('Orders 11–20 of 42, page 2 of 5');
    expect(withPageOf('Orders 1–2 of 2', 1, 1)).toBe('Orders 1–2 of 2');
  });
});

describe('list search', () => {
  interface Search {
    q?: string;
    status?: 'on' | 'off';
    owner?: string;
    sort?: 'newest' | 'name';
    page?: number;
    pageSize?: number;
  }
  const rules = listSearchRules<Search>({ fields: { q: 'search', status: ['on', 'off'], owner: 'id', sort: ['newest', 'name'] }, defaultSort: 'newest', pageSizes: [10, 20], defaultPageSize: 10 });

  it('keeps the shapes of the named fields and of the paging only', () => {
    expect(listSearchShapes({ q: 'x', status: ' ', page: '2', pageSize: 101, other: 'y' }, ['q', 'status'])).toEqual({ q: 'x', page: 2 });
  });

  it('reads known values, cuts the search and drops the defaults, in the order of the fields', () => {
    const read = rules.read({ sort: 'newest', q: ` ${'x'.repeat(120)}`, status: 'maybe', owner: 'o'.repeat(65), page: 1, pageSize: 10 });
    expect(read).toEqual({ q: 'x'.repeat(100) });
    expect(Object.keys(rules.read({ page: 2, sort: 'name', status: 'on', q: 'a' }))).toEqual(['q', 'status', 'sort', 'page']);
  });

  it('goes back to the first page on any change but the page, and clears the filters only', () => {
    const current: Search = { q: 'a', status: 'on', sort: 'name', page: 3, pageSize: 20 };
    expect(rules.change(current, { owner: 'me' })).toEqual({ q: 'a', status: 'on', owner: 'me', sort: 'name', pageSize: 20 });
    expect(rules.change(current, { page: 4 })).toEqual({ ...current, page: 4 });
    expect(rules.change(current, { q: '', status: null })).toEqual({ sort: 'name', pageSize: 20 });
    expect(rules.isFiltered(current)).toBe(true);
    expect(rules.isFiltered({ sort: 'name', page: 2 })).toBe(false);
    expect(rules.cleared(current)).toEqual({ sort: 'name', pageSize: 20 });
    expect(rules.paging({})).toEqual({ sort: 'newest', page: 1, pageSize: 10 });
    expect(rules.pageSizeOptions(15)).toEqual([10, 15, 20]);
  });
});

describe('one text parameter of a route', () => {
  it.each([
    ['an id', textSearch('user'), { user: 'usr_1' }, { user: 'usr_1' }],
    ['an empty id', textSearch('user'), { user: '' }, {}],
    ['an id too long', textSearch('user'), { user: 'x'.repeat(65) }, {}],
    ['a number', textSearch('order'), { order: 12 }, {}],
    ['an empty text allowed', textSearch('tier', { empty: true }), { tier: '' }, { tier: '' }],
    ['a longer text allowed', textSearch('estimate', { max: 8192 }), { estimate: 'x'.repeat(8192) }, { estimate: 'x'.repeat(8192) }],
  ])('%s', (_, validate, search, expected) => {
    expect(validate(search)).toEqual(expected);
  });
});

describe('QueryView', () => {
  const view = (query: Partial<UseQueryResult<string[], { message: string }>>) =>
    html(
      <QueryView query={query as UseQueryResult<string[], { message: string }>} loading="Loading…" errorTitle="The things could not be loaded" isEmpty={(data) => data.length === 0} empty="Nothing yet">
        {(data) => data.join(', ')}
      </QueryView>,
    );

  it('shows the skeleton, then the rows or the empty state', () => {
    expect(view({ isPending: true })).toContain('Loading…');
    expect(view({ isPending: false, data: ['a', 'b'], error: null })).toContain('a, b');
    expect(view({ isPending: false, data: [], error: null })).toContain('Nothing yet');
  });

  it('shows the failure when there is nothing to show, and keeps the rows when a later refresh fails', () => {
    const error = { message: 'The service is unavailable.' };
    expect(view({ isPending: false, data: undefined, error, isFetching: false, refetch: async () => ({}) as never })).toContain('The things could not be loaded');
    const kept = view({ isPending: false, data: ['a'], error, isFetching: false });
    expect(kept).toContain('a');
    expect(kept).not.toContain('could not be loaded');
  });
});
