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
 * A message a person can act on. Input validation failures carry the schema's issues;
 * they become "email: Invalid email address; password: Too small" instead of raw JSON.
 */
export function publicErrorMessage(error: TRPCError): string {
  const cause = error.cause as { issues?: unknown } | undefined;
  if (error.code === 'BAD_REQUEST' && cause && isIssueList(cause.issues)) {
    return cause.issues
      .map((issue) => {
        const path = (issue.path ?? [])
          .map((part) => (typeof part === 'object' ? String(part.key) : String(part)))
          .join('.');
        return path ? `${path}: ${issue.message}` : issue.message;
      })
      .join('; ');
  }
  if (error.code === 'INTERNAL_SERVER_ERROR') return 'Something went wrong on our side. Please try again.';
  return error.message;
}

export { TRPCError };
