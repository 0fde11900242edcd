import type { components } from './generated/api.ts';

/** The error body every REST operation answers (ADR 34): `{ message, code, requestId, fields? }`. */
export type ApiErrorBody = components['schemas']['Error'];

/** The closed set of error codes (`API_ERROR_CODES` in @kubemarket/shared), from the OpenAPI document. */
export type ApiErrorCode = ApiErrorBody['code'];

export type ApiFieldError = NonNullable<ApiErrorBody['fields']>[number];

/**
 * What a non-2xx answer throws: the HTTP status, the code to branch on, the message to show, the
 * request id to quote to support, and the fields of a validation failure. A body that is not the
 * API's error shape (a proxy's HTML page) still throws one, coded by its status.
 */
export class KubeMarketApiError extends Error {
  override readonly name = 'KubeMarketApiError';
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly requestId: string | null;
  readonly fields: ApiFieldError[];
  /** Seconds to wait before retrying, from Retry-After (429, 503), when the answer says. */
  readonly retryAfterSeconds: number | null;

  constructor(init: { status: number; code: ApiErrorCode; message: string; requestId: string | null; fields?: ApiFieldError[]; retryAfterSeconds?: number | null }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.requestId = init.requestId;
    this.fields = init.fields ?? [];
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
  }

  /** 5xx: worth a retry later; 4xx: the request itself must change. */
  get isServerError(): boolean {
    return this.status >= 500;
  }
}

/** A waitFor helper gave up: its deadline passed before the record reached the state asked for. */
export class KubeMarketTimeoutError extends Error {
  override readonly name = 'KubeMarketTimeoutError';
}

/** A waitFor helper saw the record end in a state it will not leave (a failed provisioning, a cancelled order). */
export class KubeMarketStateError extends Error {
  override readonly name = 'KubeMarketStateError';
}

/**
 * The status of each code: a Record over the generated union, so a code added to the API and not
 * here (or one removed) fails the typecheck.
 */
const STATUS_OF_CODE: Readonly<Record<ApiErrorCode, number>> = {
  invalid_request: 400, validation_failed: 400, unauthenticated: 401, forbidden: 403, not_found: 404, conflict: 409,
  precondition_failed: 412, payload_too_large: 413, unsupported_media_type: 415, upgrade_required: 426, rate_limited: 429,
  internal_error: 500, bad_gateway: 502, unavailable: 503,
};

const isCode = (value: unknown): value is ApiErrorCode => typeof value === 'string' && Object.hasOwn(STATUS_OF_CODE, value);

/** The code of a status when the body has none (one code per status but 400). */
function codeOfStatus(status: number): ApiErrorCode {
  const code = (Object.keys(STATUS_OF_CODE) as ApiErrorCode[]).find((key) => key !== 'validation_failed' && STATUS_OF_CODE[key] === status);
  return code ?? (status >= 500 ? 'internal_error' : 'invalid_request');
}

/**
 * The typed error of a non-2xx response, from its status, headers and body (the parsed JSON, or
 * the text when it was not JSON).
 */
export function apiErrorOf(response: Response, body: unknown): KubeMarketApiError {
  const fields = (body && typeof body === 'object' ? body : {}) as Partial<Record<keyof ApiErrorBody, unknown>>;
  const text = typeof body === 'string' ? body.trim() : '';
  const retryAfter = Number(response.headers.get('Retry-After'));
  return new KubeMarketApiError({
    status: response.status,
    code: isCode(fields.code) ? fields.code : codeOfStatus(response.status),
    message: typeof fields.message === 'string' ? fields.message : `HTTP ${response.status}${text ? `: ${text.slice(0, 200)}` : ''}`,
    requestId: typeof fields.requestId === 'string' ? fields.requestId : response.headers.get('X-Request-Id'),
    fields: Array.isArray(fields.fields) ? (fields.fields as ApiFieldError[]) : [],
    retryAfterSeconds: response.headers.has('Retry-After') && Number.isFinite(retryAfter) ? retryAfter : null,
  });
}

/** The API could not be reached at all (refused, reset, DNS, TLS): no status, no request id. */
export class KubeMarketNetworkError extends Error {
  override readonly name = 'KubeMarketNetworkError';
}
