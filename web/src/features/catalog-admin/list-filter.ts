
/** Whether a catalogue item is archived; one without `archivedAt` (a Kubernetes version) never is. */
export const isArchived = (item: object) => 'archivedAt' in item && item.archivedAt != null;

/** Lower-case, without accents: "Créé" finds "cree". */
function normalise(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
}

/**
 * The items a list shows: archived ones only when asked for, and those whose searchable text
 * contains every word of the search.
 */
export function visibleItems<T extends object>(items: readonly T[], search: string, showArchived: boolean, textOf: (item: T) => readonly (string | null | undefined)[]): T[] {
  const words = normalise(search).split(/\s+/).filter(Boolean);
  return items.filter((item) => {
    if (!showArchived && isArchived(item)) return false;
    if (words.length === 0) return true;
    const text = normalise(textOf(item).filter(Boolean).join(' '));
    return words.every((word) => text.includes(word));
  });
}
