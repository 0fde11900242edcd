import type { Archivable } from './catalog-admin-types';

const isArchived = (item: Archivable) => item.archivedAt !== null;

/** "7 tiers on sale, 1 archived" for a card of the Officers Panel; null while the list loads or if it failed. */
export function countOf<T extends Archivable>(items: readonly T[] | undefined, noun: { one: string; many: string }, archived: (item: T) => boolean = isArchived): string | null {
  if (!items) return null;
  const off = items.filter(archived).length;
  const onSale = items.length - off;
  return `${onSale} ${onSale === 1 ? noun.one : noun.many} on sale${off ? `, ${off} archived` : ''}`;
}
