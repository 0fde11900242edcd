/**
 * One way for a list to keep its search, filters, sort and page in the address, so that a link, a
 * reload or the back button shows the same rows. A route checks only the shapes
 * (`listSearchShapes`, in its validateSearch); the page reads the values with its list's rules
 * (`listSearchRules`), which leave out what the server would refuse and the defaults.
 */

/** The servers' limits on every list (page and page size). */
export const MAX_PAGE = 10_000;
export const MAX_PAGE_SIZE = 100;
/** Searches are cut to what the servers take. */
const MAX_SEARCH = 100;
/** Ids (a tier, a region) longer than this are refused. */
const MAX_ID = 64;

export function wholeNumberIn(value: unknown, min: number, max: number): number | undefined {
  const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number >= min && number <= max ? number : undefined;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

/** The paging every list's search has, beside its own fields. */
export interface PageParams {
  page?: number;
  pageSize?: number;
}

/**
 * Only the shapes of the address's parameters (numbers may come as text from a hand-typed
 * address): the named text fields that are not blank, and a page and page size in range.
 */
export function listSearchShapes<K extends string>(search: Record<string, unknown>, fields: readonly K[]): Partial<Record<K, string>> & PageParams {
  const values: Record<string, unknown> = {};
  for (const field of fields) values[field] = text(search[field]);
  values.page = wholeNumberIn(search.page, 1, MAX_PAGE);
  values.pageSize = wholeNumberIn(search.pageSize, 1, MAX_PAGE_SIZE);
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<Record<K, string>> & PageParams;
}

/** How a field is read: a search (trimmed, cut), an id (trimmed, of a sane length), or one of known values. */
export type FieldRule = 'search' | 'id' | readonly string[];

/** The sort values of a list's search. */
type SortOf<S> = S extends { sort?: infer X } ? NonNullable<X> : string;

export interface ListSearchSpec<S> {
  /** The fields, in the order the address lists them; `sort` is one of them. */
  fields: { [K in Exclude<keyof S, keyof PageParams>]-?: FieldRule };
  defaultSort: SortOf<S>;
  /** The usual page sizes offered, and the default one. */
  pageSizes: readonly number[];
  defaultPageSize: number;
}

type SearchChange<S> = Partial<Record<keyof S, string | number | null>>;

function readField(rule: FieldRule, value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (rule === 'search') return value.trim().slice(0, MAX_SEARCH) || undefined;
  if (rule === 'id') {
    const trimmed = value.trim();
    return trimmed && trimmed.length <= MAX_ID ? trimmed : undefined;
  }
  return rule.find((candidate) => candidate === value);
}

/** A list's rules for its search: reading the address, changing it, and the page sizes offered. */
export function listSearchRules<S extends PageParams>(spec: ListSearchSpec<S>) {
  const fields = Object.entries(spec.fields) as [string, FieldRule][];

  /** The values the list shows: unknown values left out, the search cut to what the server takes, defaults dropped. */
  function read(params: Record<string, unknown>): S {
    const values: Record<string, unknown> = {};
    for (const [field, rule] of fields) {
      const value = readField(rule, params[field]);
      if (value !== undefined && !(field === 'sort' && value === spec.defaultSort)) values[field] = value;
    }
    const page = wholeNumberIn(params.page, 1, MAX_PAGE);
    const pageSize = wholeNumberIn(params.pageSize, 1, MAX_PAGE_SIZE);
    if (page !== undefined && page > 1) values.page = page;
    if (pageSize !== undefined && pageSize !== spec.defaultPageSize) values.pageSize = pageSize;
    return values as S;
  }

  /**
   * The next search after a change: a new search, filter, sort or page size goes back to page 1
   * (the page the reader was on may not exist any more); an empty value removes the parameter.
   */
  function change(current: S, changes: SearchChange<S>): S {
    const merged: Record<string, unknown> = { ...(current as Record<string, unknown>) };
    for (const [key, value] of Object.entries(changes) as [string, unknown][]) {
      if (value === null || value === undefined || value === '') delete merged[key];
      else merged[key] = value;
    }
    if (!('page' in changes)) delete merged.page;
    return read(merged);
  }

  /** Rows-per-page choices: the usual sizes, and the one the address asked for when it is another. */
  function pageSizeOptions(current: number): number[] {
    return [...new Set([...spec.pageSizes, current])].sort((a, b) => a - b);
  }

  /** Whether the reader narrowed the list (an empty answer then means "nothing matches"): any field but the sort. */
  function isFiltered(search: S): boolean {
    return fields.some(([field]) => field !== 'sort' && Boolean((search as Record<string, unknown>)[field]));
  }

  /** The same search without its filters: the sort and page size kept. */
  function cleared(search: S): S {
    return read({ sort: (search as Record<string, unknown>).sort, pageSize: search.pageSize });
  }

  /** What the server is asked for the paging and sort, defaults filled in. */
  function paging(search: S): { sort: SortOf<S>; page: number; pageSize: number } {
    return { sort: ((search as Record<string, unknown>).sort as SortOf<S> | undefined) ?? spec.defaultSort, page: search.page ?? 1, pageSize: search.pageSize ?? spec.defaultPageSize };
  }

  return { read, change, pageSizeOptions, isFiltered, cleared, paging, defaultPageSize: spec.defaultPageSize };
}

export type ListSearchRules<S extends PageParams> = ReturnType<typeof listSearchRules<S>>;

/**
 * A route's validateSearch for one text parameter (`?user=`, `?estimate=`): kept when it is text
 * of at most `max` characters (an id's length by default), and not empty unless `empty` allows it.
 * Only the shape is checked, so that the route adds nothing to the first page load.
 */
export function textSearch<K extends string>(key: K, { max = MAX_ID, empty = false }: { max?: number; empty?: boolean } = {}) {
  return (search: Record<string, unknown>): Partial<Record<K, string>> => {
    const value = search[key];
    return typeof value === 'string' && value.length <= max && (empty || value.length > 0) ? ({ [key]: value } as Record<K, string>) : {};
  };
}
