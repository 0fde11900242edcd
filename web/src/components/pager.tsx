import { Group, Pagination } from '@mantine/core';

/** Pages needed for `total` rows, at least one. */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

const CONTROL_LABELS = { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' } as const;

/** Names for Mantine Pagination's arrow buttons, which show only an icon. */
export function paginationLabels(control: keyof typeof CONTROL_LABELS) {
  return { 'aria-label': CONTROL_LABELS[control] };
}

interface PagerProps {
  /** The navigation landmark's name, e.g. "Pages of members". */
  label: string;
  pages: number;
  page: number;
  onChange: (page: number) => void;
  testId?: string;
}

/** The pages of a server-paginated list, as a named navigation landmark; nothing when there is one page. */
export function Pager({ label, pages, page, onChange, testId }: PagerProps) {
  if (pages <= 1) return null;
  return (
    <Group justify="center" component="nav" aria-label={label}>
      <Pagination total={pages} value={page} onChange={onChange} getControlProps={paginationLabels} data-testid={testId} />
    </Group>
  );
}
