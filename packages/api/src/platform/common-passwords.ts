// The text module's type; a path reference so that every program reaching this file (worker, web) has it.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./common-passwords-text.d.ts" />
import LIST from './common-passwords.txt';

/**
 * The common-password list refused at registration, password reset and password change:
 * about 112,000 lower-cased entries of 10 to 128 characters from SecLists' "10 million
 * passwords" top-1,000,000 (provenance and license in the header of common-passwords.txt,
 * docs/adr/0011-common-password-list.md).
 *
 * The list is inlined into the bundle as one string (about 1.4 MB) and searched in place: a binary
 * search over its sorted lines. Nothing is built at module load, so the Worker's cold start only
 * parses a string literal; the first check only finds where the header ends.
 */

interface Entries {
  /**
   * The file's text. Read through this object only: Rolldown copies a string constant into calls on
   * it (`LIST.charCodeAt(...)`), which would put the 1.4 MB in the bundle twice.
   */
  text: string;
  /** Offset of the first entry (after the header's blank line). */
  start: number;
  /** Offset just past the last entry's line. */
  end: number;
}

let entries: Entries | null = null;

function located(): Entries {
  if (!entries) {
    const blank = /\r?\n\r?\n/.exec(LIST);
    entries = { text: LIST, start: blank ? blank.index + blank[0].length : 0, end: LIST.length };
  }
  return entries;
}

/** Whether `lowerCasedPassword` is on the list (compared as given: pass it lower-cased). */
export function isCommonPassword(lowerCasedPassword: string): boolean {
  const { text, start, end } = located();
  let low = start;
  let high = end;
  // Invariant: `low` and `high` are line starts (or the end); the entry, if present, lies between them.
  while (low < high) {
    const middle = (low + high) >>> 1;
    const lineStart = text.lastIndexOf('\n', middle - 1) + 1;
    const from = lineStart < low ? low : lineStart;
    let lineEnd = text.indexOf('\n', middle);
    if (lineEnd < 0 || lineEnd > high) lineEnd = high;
    const to = text.charCodeAt(lineEnd - 1) === 13 ? lineEnd - 1 : lineEnd; // a checkout with CRLF line ends
    const entry = text.slice(from, to);
    if (entry === lowerCasedPassword) return true;
    if (entry < lowerCasedPassword) low = lineEnd + 1;
    else high = from;
  }
  return false;
}

let count: number | null = null;

/** How many entries the list has. */
export function commonPasswordCount(): number {
  if (count === null) {
    const { text, start, end } = located();
    let lines = 0;
    for (let at = text.indexOf('\n', start); at >= 0 && at < end; at = text.indexOf('\n', at + 1)) lines++;
    if (end > start && text.charCodeAt(end - 1) !== 10) lines++;
    count = lines;
  }
  return count;
}
