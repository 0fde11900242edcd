/**
 * The stylesheets of lazily loaded chunks, by the CSS-module classes they define (`_name_hash_n`,
 * unique to their file), written at build (web/scripts/prerender.mjs). The browser links a chunk's
 * stylesheet when it loads the chunk; a page rendered ahead of the scripts (prerendered, ADR 0017,
 * or rendered by the Worker, ADR 0045) needs those of its markup from the start, or its layout
 * would change when they arrive.
 */
export interface ChunkStyle {
  href: string;
  classes: string[];
}

/** Where the table sits among the built assets. */
export const CHUNK_STYLES_FILE = '/chunk-styles.json';

/** The CSS-module classes a stylesheet defines. */
export function cssModuleClasses(css: string): string[] {
  return [...new Set([...css.matchAll(/\.(_[\w-]+_[0-9a-z]{5}_\d+)/g)].map((match) => match[1] ?? ''))];
}

/** The table as read back; anything malformed is no table (no stylesheets added, never a broken page). */
export function parseChunkStyles(value: unknown): ChunkStyle[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is ChunkStyle =>
      typeof item === 'object' && item !== null && typeof item.href === 'string' && /^\/assets\/[\w.-]+\.css$/.test(item.href) && Array.isArray(item.classes) && item.classes.every((name: unknown) => typeof name === 'string'),
  );
}

/** The `<link rel="stylesheet">` elements of the chunk stylesheets whose classes `html` uses. */
export function stylesheetLinksFor(styles: ChunkStyle[], html: string): string {
  const used = new Set([...html.matchAll(/class="([^"]*)"/g)].flatMap((match) => (match[1] ?? '').split(/\s+/)));
  return styles
    .filter((style) => style.classes.some((name) => used.has(name)))
    .map((style) => `<link rel="stylesheet" crossorigin href="${style.href}">`)
    .join('');
}
