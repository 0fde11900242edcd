import type { ComponentProps, ReactNode } from 'react';
import { ListSkeleton, PagedTable, pagingOf } from '../../components/list-kit';

type PagedTableProps<T, D extends { items: T[] }> = ComponentProps<typeof PagedTable<T, D>>;

interface StaffPagedTableProps<T, D extends { items: T[]; total: number }> extends Omit<PagedTableProps<T, D>, 'loading' | 'errorTitle' | 'range' | 'pages' | 'page' | 'onPage' | 'pagerLabel'> {
  /** The page, kept in the page's state (`useListState`). */
  state: { page: number; setPage: (page: number) => void };
  pageSize: number;
  /** A row and the rows in words: "21–40 of 95 users", "Pages of users". */
  noun: readonly [string, string];
  /** What the list holds, said while it loads and when it fails: the rows' noun unless told. */
  what?: string;
  /** The height of the loading skeleton. */
  skeletonHeight?: number;
  /** What shows while the first page loads, instead of the skeleton. */
  loading?: ReactNode;
  pagerLabel?: string;
}

/** A striped staff list paged by the server: its loading and failure said with the rows' noun, then the range, rows and pager. */
export function StaffPagedTable<T, D extends { items: T[]; total: number }>({ state, pageSize, noun, what = noun[1], skeletonHeight = 200, loading, gap = 'md', striped = true, ...table }: StaffPagedTableProps<T, D>) {
  return (
    <PagedTable
      loading={loading ?? <ListSkeleton height={skeletonHeight} label={`Loading ${what}`} />}
      errorTitle={`The ${what} could not be loaded`}
      {...pagingOf(state, pageSize, noun)}
      gap={gap}
      striped={striped}
      {...table}
    />
  );
}
