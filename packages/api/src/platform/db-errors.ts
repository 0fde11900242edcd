/**
 * A UNIQUE constraint refused the write (two requests raced for the same email or name). D1,
 * libSQL and drizzle wrap the driver error differently, so the whole cause chain is searched.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth += 1) {
    const text = current instanceof Error ? `${current.message} ${(current as { code?: unknown }).code ?? ''}` : String(current);
    if (/UNIQUE constraint failed|SQLITE_CONSTRAINT_UNIQUE/i.test(text)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
