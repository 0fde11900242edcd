import { useState } from 'react';
import { isArchived, visibleItems } from './list-filter';

/** The search box and "Show archived" switch of a catalogue list. */
export function useListFilter<T extends object>(items: readonly T[] | undefined, textOf: (item: T) => readonly (string | null | undefined)[]) {
  const [search, setSearch] = useState('');
  const [showArchived, setShowArchived] = useState(false);
  return {
    search,
    setSearch,
    showArchived,
    setShowArchived,
    archivedCount: items?.filter(isArchived).length ?? 0,
    visible: items ? visibleItems(items, search, showArchived, textOf) : [],
  };
}
