import { TRPCError } from '@trpc/server';

interface IssueLike {
  path?: ReadonlyArray<PropertyKey | { key: PropertyKey }>;
  message: string;
}

function isIssueList(value: unknown): value is IssueLike[] {
  return (
    Array.isArray(value) &&
    value.every((issue) => typeof issue === 'object' && issue !== null && 'message' in issue)
  );
}

/**
 * The fields of an input that failed its schema, each with its dotted path ("" for the input as a
 * whole) and message; null for any other error. The REST API lists them in `fields` (issue 33).
 */
export function validationFieldsOf(error: TRPCError): Array<{ path: string; message: string }> | null {
  const cause = error.cause as { issues?: unknown } | undefined;
  if (error.code !== 'BAD_REQUEST' || !cause || !isIssueList(cause.issues)) return null;
  return cause.issues.map((issue) => ({
    path: (issue.path ?? []).map((part) => (typeof part === 'object' ? String(part.key) : String(part))).join('.'),
    message: issue.message,
  }));
}

/**
 * A message a person can act on. Input validation failures carry the schema's issues;
 * they become "email: Invalid email address; password: Too small" instead of raw JSON.
 */
export function publicErrorMessage(error: TRPCError): string {
  const fields = validationFieldsOf(error);
  if (fields) return fields.map(({ path, message }) => (path ? `${path}: ${message}` : message)).join('; ');
  if (error.code === 'INTERNAL_SERVER_ERROR') return 'Something went wrong on our side. Please try again.';
  return error.message;
}

/**
 * A refusal of one input field by a rule the schema cannot check (it reads the database): the same
 * 400 as a schema failure, so REST lists it in `fields` and a form puts it under its field.
 */
export function fieldRefusal(path: string, message: string): TRPCError {
  return new TRPCError({ code: 'BAD_REQUEST', message, cause: Object.assign(new Error(message), { issues: [{ path: path.split('.'), message }] }) });
}

export { TRPCError };
