/**
 * Error logging without secrets: drizzle and the D1/libSQL drivers put the SQL and its bound
 * parameters (emails, token hashes, password hashes) in error messages, and a mail API may echo a
 * key. Operators get the error's kind, the statement without values, and the stack.
 */

const REDACTIONS: Array<[RegExp, string]> = [
  // drizzle: "Failed query: <sql>\nparams: a,b,c"
  [/params:[^\n]*/gi, 'params: [redacted]'],
  // API tokens, session cookie values, bearer headers.
  [/kmt_[A-Za-z0-9_-]+/g, 'kmt_[redacted]'],
  [/bearer\s+[A-Za-z0-9._~+/-]+=*/gi, 'Bearer [redacted]'],
  [/scrypt\$[^\s"',]+/g, 'scrypt$[redacted]'],
  // Long opaque strings: tokens, hashes, keys.
  [/[A-Za-z0-9_-]{32,}/g, '[redacted]'],
  [/[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[A-Za-z]{2,}/g, '[email]'],
];

export function redact(text: string): string {
  return REDACTIONS.reduce((value, [pattern, replacement]) => value.replace(pattern, replacement), text);
}

/** The error as safe text: name, redacted message, redacted stack, and its causes. */
export function describeError(error: unknown, depth = 0): string {
  if (!(error instanceof Error)) return redact(String(error));
  const own = redact(error.stack ?? `${error.name}: ${error.message}`);
  const cause = (error as { cause?: unknown }).cause;
  return cause !== undefined && depth < 3 ? `${own}\nCaused by: ${describeError(cause, depth + 1)}` : own;
}

/** console.error with the error redacted. */
export function logError(label: string, error: unknown): void {
  console.error(`${label}: ${describeError(error)}`);
}
