import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { QueryErrorAlert } from './query-error-alert';

/** A query result that counts the reads of `isFetching`, as TanStack Query's tracked result notes them. */
function watchedQuery(error: { message: string } | null) {
  const reads = { isFetching: 0 };
  const query = {
    error,
    get isFetching() {
      reads.isFetching += 1;
      return false;
    },
    refetch: () => undefined,
  };
  return { query, reads };
}

const html = (query: ReturnType<typeof watchedQuery>['query']) =>
  renderToStaticMarkup(
    <MantineProvider>
      <QueryErrorAlert title="Usage could not be loaded" query={query} />
    </MantineProvider>,
  );

describe('QueryErrorAlert', () => {
  it('renders nothing for a query that has not failed, without reading whether it is fetching (the owner would re-render with each refresh)', () => {
    const { query, reads } = watchedQuery(null);
    expect(html(query)).not.toContain('Usage could not be loaded');
    expect(reads.isFetching).toBe(0);
  });

  it('shows the error of a failed query and a way to try again', () => {
    const { query, reads } = watchedQuery({ message: 'The server did not answer.' });
    const markup = html(query);
    expect(markup).toContain('Usage could not be loaded');
    expect(markup).toContain('The server did not answer.');
    expect(markup).toContain('Try again');
    expect(reads.isFetching).toBe(1);
  });
});
