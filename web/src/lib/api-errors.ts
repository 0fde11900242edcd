import { TRPCClientError } from '@trpc/client';

interface ErrorData {
  code?: unknown;
  httpStatus?: unknown;
}

function errorData(error: unknown): ErrorData | null {
  if (!(error instanceof TRPCClientError)) return null;
  const data: unknown = error.data;
  return typeof data === 'object' && data !== null ? (data as ErrorData) : null;
}

/** The HTTP status the server answered a procedure with, when the error came from the server. */
export function httpStatusOf(error: unknown): number | null {
  const status = errorData(error)?.httpStatus;
  return typeof status === 'number' ? status : null;
}

export function isUnauthorizedError(error: unknown): boolean {
  return httpStatusOf(error) === 401 || errorData(error)?.code === 'UNAUTHORIZED';
}

/**
 * The server refused a change because it needs a second person's approval (four eyes, ADR 27):
 * 412 Precondition Failed, with what to do in the message.
 */
export function needsApproval(error: unknown): boolean {
  return httpStatusOf(error) === 412 || errorData(error)?.code === 'PRECONDITION_FAILED';
}
