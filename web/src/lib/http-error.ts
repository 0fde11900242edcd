export interface FailedResponse {
  status: number;
  statusText: string;
  /** The raw response body, or an empty string when there was none. */
  body: string;
}

/**
 * docs/product/errors.md#error-message-of-a-failed-request: the message of a non-OK response is, in order, the JSON `message` field, the
 * JSON `error` field (stringified when it is not a string), the raw text, the status text, and
 * finally 'HTTP Error {status}'.
 */
export function httpErrorMessage({ status, statusText, body }: FailedResponse): string {
  const text = body.trim();
  if (text) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed === 'object' && parsed !== null) {
        const { message, error } = parsed as { message?: unknown; error?: unknown };
        if (typeof message === 'string' && message.trim()) return message;
        if (typeof error === 'string' && error.trim()) return error;
        if (error !== undefined && error !== null) return JSON.stringify(error);
      }
    } catch {
      // Not JSON: the raw text is the message.
    }
    return text;
  }
  if (statusText.trim()) return statusText;
  return `HTTP Error ${status}`;
}

/** Reads a failed response into an Error carrying its status. */
export async function responseError(response: Response): Promise<HttpError> {
  let body = '';
  try {
    body = await response.text();
  } catch {
    // The body could not be read; the status text still describes the failure.
  }
  return new HttpError(response.status, httpErrorMessage({ status: response.status, statusText: response.statusText, body }));
}

export class HttpError extends Error {
  override readonly name = 'HttpError';

  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}
