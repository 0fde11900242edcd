import type { Archivable } from './catalog-admin-types';

export interface SelectOption {
  value: string;
  label: string;
}

/**
 * The catalogue items a multi-select offers: those on sale, plus archived ones already chosen
 * (the server keeps them where they were but refuses to add them anew), marked as archived.
 */
export function selectableOptions<T extends Archivable>(items: readonly T[], chosen: readonly string[], idOf: (item: T) => string, labelOf: (item: T) => string): SelectOption[] {
  return items
    .filter((item) => item.archivedAt === null || chosen.includes(idOf(item)))
    .map((item) => ({ value: idOf(item), label: item.archivedAt === null ? labelOf(item) : `${labelOf(item)} (archived)` }));
}
