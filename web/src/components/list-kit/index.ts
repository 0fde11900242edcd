// The list kit (issue 32): one way for every list page and staff table to show its rows, its
// loading, failure and empty states, its search and filters, its pages, and to keep its search in
// the address.
export { CellLines } from './cell-lines';
export { DataTable, type CellProps, type Column, type DataTableProps } from './data-table';
export { PageRows, PagedResults } from './paged-results';
export { PagedTable } from './paged-table';
export { ListSkeleton, QueryView, RowsSkeleton } from './query-view';
export { QueryTable } from './query-table';
export { matchRangeLabel, rangeLabel, withPageOf, type RangeWords } from './range-label';
export { listSearchRules, listSearchShapes, MAX_PAGE, MAX_PAGE_SIZE, textSearch, wholeNumberIn, type FieldRule, type ListSearchRules, type ListSearchSpec, type PageParams } from './search-params';
export { useSearchBinding, type SearchBoundPage, type SearchChange } from './search-route';
export { ListFilter, ListSearchInput } from './state-inputs';
export { ALL, FilterSelect, ListToolbar, optionsOf, PageSizeSelect, SearchInput, useSearchBox } from './toolbar';
export { pagingOf, useListState, type ListState } from './use-list-state';
export { Pager, pageCount } from '../pager';
export { TableSkeleton } from '../table-skeleton';
