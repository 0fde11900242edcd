import { z } from 'zod';

/**
 * The closed set of error codes the REST API answers with (issue 33), one per HTTP status but for
 * 400, which tells a schema failure (`validation_failed`, with `fields`) from any other refusal of
 * the request as sent. Scripts branch on `code`; people read `message`. The OpenAPI document, the
 * SDK's typed errors and the CLI's exit codes are all derived from this table.
 */
export const API_ERROR_CODES = {
  invalid_request: { status: 400, description: 'The request breaks a rule of the operation; the message says which.' },
  validation_failed: { status: 400, description: 'The input does not match the operation\'s schema; `fields` lists each field and why.' },
  unauthenticated: { status: 401, description: 'Not signed in, or the API token is malformed, expired or revoked.' },
  forbidden: { status: 403, description: 'Signed in, but the role or the token\'s scopes do not allow it (or a cross-site browser request).' },
  not_found: { status: 404, description: 'No such record in your organisation, or no such route.' },
  conflict: { status: 409, description: 'The record is not in a state that allows it (already paid, already deleted, a name taken).' },
  precondition_failed: { status: 412, description: 'Something the operation needs first is missing (a verified email, a billing profile, a payment method).' },
  payload_too_large: { status: 413, description: 'The request body is larger than the operation accepts.' },
  unsupported_media_type: { status: 415, description: 'The body is not in the format the operation reads (JSON, or multipart/form-data for uploads).' },
  upgrade_required: { status: 426, description: 'The route is a WebSocket: send an upgrade request.' },
  rate_limited: { status: 429, description: 'Too many requests: retry after the seconds in Retry-After.' },
  internal_error: { status: 500, description: 'Something went wrong on our side; the request id helps support find it.' },
  bad_gateway: { status: 502, description: 'A provider behind the platform (a cloud, the payment processor) failed to answer.' },
  unavailable: { status: 503, description: 'The service or one of its providers is temporarily unavailable; retry later.' },
} as const satisfies Record<string, { status: number; description: string }>;

export type ApiErrorCode = keyof typeof API_ERROR_CODES;

export const apiErrorCodeSchema = z.enum(Object.keys(API_ERROR_CODES) as [ApiErrorCode, ...ApiErrorCode[]]);

/** One field a validation error names: its dotted path in the input and what is wrong with it. */
export const apiFieldErrorSchema = z.object({ path: z.string(), message: z.string() });

export type ApiFieldError = z.infer<typeof apiFieldErrorSchema>;

/**
 * Every error body of the REST API. `message` comes first: the console's own client reads it
 * (docs/product/errors.md), and it is what a person should see.
 */
export const apiErrorBodySchema = z.object({
  message: z.string(),
  code: apiErrorCodeSchema,
  requestId: z.string(),
  fields: z.array(apiFieldErrorSchema).optional(),
});

export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>;

const CODE_OF_STATUS = new Map<number, ApiErrorCode>(
  (Object.entries(API_ERROR_CODES) as Array<[ApiErrorCode, { status: number }]>)
    .filter(([code]) => code !== 'validation_failed')
    .map(([code, { status }]) => [status, code]),
);

/** The code of an error status; a status outside the table is a client error or ours by its class. */
export function apiErrorCodeOf(status: number): ApiErrorCode {
  return CODE_OF_STATUS.get(status) ?? (status >= 500 ? 'internal_error' : 'invalid_request');
}

/** The request id of a response: `req_` and 26 random base32 characters. */
export const REQUEST_ID_PATTERN = /^req_[a-z2-7]{26}$/;
