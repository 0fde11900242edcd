/**
 * A user's text inside a LIKE pattern, taken literally: its `\`, `%` and `_` escaped with `\`, so
 * the pattern must be matched with `escape '\'` (activity, staff's organisations and users search).
 */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}
