import { Card, Select, SimpleGrid, TextInput } from '@mantine/core';
import type { SelectProps, SimpleGridProps, TextInputProps } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';

/** The value of a filter's "every value" choice. */
export const ALL = 'all';
const SEARCH_DEBOUNCE_MS = 350;

/** A search box: labelled "Search" unless told otherwise, with the magnifier. */
export function SearchInput(props: TextInputProps & { 'data-testid'?: string }) {
  return <TextInput label="Search" leftSection={<IconSearch size={16} aria-hidden />} {...props} />;
}

interface FilterSelectProps extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  options: readonly { value: string; label: string }[];
  /** The label of the choice that filters nothing out ("All statuses"); none for a choice that must be made (a sort). */
  allLabel?: string;
  value: string | undefined;
  /** The value chosen, or null for every value. */
  onChange: (value: string | null) => void;
  'data-testid'?: string;
}

/** A filter (or sort) of a list: one value, or every value. Its options render when opened (the theme's Combobox default, ADR 53). */
export function FilterSelect({ options, allLabel, value, onChange, ...props }: FilterSelectProps) {
  const data = allLabel === undefined ? [...options] : [{ value: ALL, label: allLabel }, ...options];
  return <Select data={data} value={value ?? ALL} allowDeselect={false} onChange={(next) => onChange(next === ALL ? null : next)} {...props} />;
}

/** A filter's or a sort's choices from a table of labels, in the table's order. */
export function optionsOf<K extends string>(labels: Record<K, string>): { value: K; label: string }[] {
  return (Object.keys(labels) as K[]).map((value) => ({ value, label: labels[value] }));
}

/** A list's "Rows per page": the sizes offered (the usual ones, and the one the address asked for). */
export function PageSizeSelect({ sizes, value, onChange, ...props }: { sizes: readonly number[]; value: number; onChange: (size: number) => void; 'data-testid'?: string }) {
  return <FilterSelect label="Rows per page" options={sizes.map((size) => ({ value: String(size), label: String(size) }))} value={String(value)} onChange={(size) => onChange(Number(size))} {...props} />;
}

/**
 * The text of a list's search box when the search lives in the address: it follows the address
 * (the back button) unless the reader is typing in it, and is pushed to the address a moment
 * after the typing stops (replacing the entry), or at once on Enter.
 */
export function useSearchBox(query: string | undefined, push: (q: string | null, options?: { replace?: boolean }) => void) {
  const [text, setText] = useState(query ?? '');
  const [seenQuery, setSeenQuery] = useState(query);
  if (query !== seenQuery) {
    setSeenQuery(query);
    if ((query ?? '') !== text.trim()) setText(query ?? '');
  }
  const pushLater = useDebouncedCallback((value: string) => push(value.trim() || null, { replace: true }), SEARCH_DEBOUNCE_MS);
  return {
    value: text,
    onChange: (event: { currentTarget: { value: string } }) => {
      setText(event.currentTarget.value);
      pushLater(event.currentTarget.value);
    },
    submit: (event: FormEvent) => {
      event.preventDefault();
      pushLater.cancel();
      push(text.trim() || null);
    },
  };
}

interface ListToolbarProps {
  /** The search landmark's name, e.g. "Filter your organisation's clusters". */
  label: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  cols: SimpleGridProps['cols'];
  children: ReactNode;
}

/** A list's search and filters, in a card that is a named search landmark. */
export function ListToolbar({ label, onSubmit, cols, children }: ListToolbarProps) {
  return (
    <Card withBorder radius="md" padding="md" component="form" role="search" aria-label={label} onSubmit={onSubmit}>
      <SimpleGrid cols={cols} spacing="sm">
        {children}
      </SimpleGrid>
    </Card>
  );
}
