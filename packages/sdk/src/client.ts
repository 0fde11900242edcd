import createFetchClient, { type Client, type FetchResponse, type MaybeOptionalInit } from 'openapi-fetch';
import type { HttpMethod, PathsWithMethod, RequiredKeysOf } from 'openapi-typescript-helpers';
import { apiErrorOf, KubeMarketApiError, KubeMarketNetworkError } from './errors.ts';
import type { paths } from './generated/api.ts';

/** Every REST path of the API with its operations, generated from the OpenAPI document. */
export type Paths = paths;

/** The answers the SDK asks for: JSON (the kubeconfig operation would otherwise answer YAML). */
type Media = 'application/json';

/** openapi-fetch's init parameter: optional when the operation needs nothing. */
type InitParam<Init> = RequiredKeysOf<Init> extends never ? [(Init & { [key: string]: unknown })?] : [Init & { [key: string]: unknown }];

/** The success body of a response (never the error branch: errors throw). */
type DataOf<R> = R extends { data: infer D } ? Exclude<D, undefined> : never;

/** One HTTP method of the client: typed path, parameters and body; resolves with the success body. */
export type DataMethod<M extends HttpMethod> = <P extends PathsWithMethod<paths, M>, I extends MaybeOptionalInit<paths[P], M>>(
  url: P,
  ...init: InitParam<I>
) => Promise<DataOf<FetchResponse<Extract<paths[P][M], Record<string | number, unknown>>, I, Media>>>;

export interface KubeMarketClient {
  readonly baseUrl: string;
  GET: DataMethod<'get'>;
  POST: DataMethod<'post'>;
  PUT: DataMethod<'put'>;
  PATCH: DataMethod<'patch'>;
  DELETE: DataMethod<'delete'>;
  /** The openapi-fetch client beneath: `{ data, error, response }` without throwing, for headers or a status. */
  readonly raw: Client<paths, Media>;
}

export interface ClientOptions {
  /** The console's origin, e.g. https://console.kubemarket.eu (paths start with /api). */
  baseUrl: string;
  /** An API token (`kmt_…`), sent as `Authorization: Bearer`. */
  token?: string;
  /** More headers on every request (a console session's Cookie and X-CSRF-Token, for scripts that use one). */
  headers?: Record<string, string>;
  /** Another fetch (tests, proxies). */
  fetch?: (request: Request) => Promise<Response>;
  /** Sent as User-Agent, e.g. `kubemarket-cli/1.16.0`. */
  userAgent?: string;
}

/** A fresh Idempotency-Key for a call that creates something or moves money. */
export const idempotencyKey = (): string => crypto.randomUUID();

/**
 * A typed client of every operation. Each method resolves with the success body, or throws a
 * `KubeMarketApiError` (status, code, message, requestId, fields) for a non-2xx answer and a
 * `KubeMarketNetworkError` when the API could not be reached.
 */
export function createClient(options: ClientOptions): KubeMarketClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  if (!/^https?:\/\//.test(baseUrl)) throw new TypeError(`baseUrl must be an http(s) URL, not "${options.baseUrl}"`);
  const raw = createFetchClient<paths, Media>({
    baseUrl,
    headers: {
      Accept: 'application/json',
      ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
      ...(options.userAgent ? { 'User-Agent': options.userAgent } : {}),
      ...options.headers,
    },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const method =
    (name: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE') =>
    async (url: string, init?: Record<string, unknown>): Promise<unknown> => {
      let answer: { data?: unknown; error?: unknown; response: Response };
      try {
        answer = await (raw[name] as (url: string, init?: Record<string, unknown>) => Promise<typeof answer>)(url, init);
      } catch (error) {
        if (error instanceof KubeMarketApiError) throw error;
        const cause = (error as { cause?: { code?: string; message?: string } }).cause;
        throw new KubeMarketNetworkError(`${name} ${baseUrl}${url}: ${cause?.code ?? cause?.message ?? (error as Error).message}`, { cause: error });
      }
      if (!answer.response.ok) throw apiErrorOf(answer.response, answer.error);
      return answer.data;
    };
  return {
    baseUrl,
    raw,
    GET: method('GET') as DataMethod<'get'>,
    POST: method('POST') as DataMethod<'post'>,
    PUT: method('PUT') as DataMethod<'put'>,
    PATCH: method('PATCH') as DataMethod<'patch'>,
    DELETE: method('DELETE') as DataMethod<'delete'>,
  };
}
