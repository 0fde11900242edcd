import type { Archivable } from './catalog-admin-types';

/** Lower-case, without accents: "Créé" finds "cree". */
function normalise(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
}

/**
 * The items a list shows: archived ones only when asked for, and those whose searchable text
 * contains every word of the search.
 */
export function visibleItems<T extends Archivable>(items: readonly T[], search: string, showArchived: boolean, textOf: (item: T) => readonly (string | null | undefined)[]): T[] {
  const words = normalise(search).split(/\s+/).filter(Boolean);
  return items.filter((item) => {
    if (!showArchived && item.archivedAt !== null) return false;
    if (words.length === 0) return true;
    const text = normalise(textOf(item).filter(Boolean).join(' '));
    return words.every((word) => text.includes(word));
  });
}
