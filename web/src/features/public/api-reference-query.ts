import { queryOptions } from '@tanstack/react-query';
import { responseError } from '../../lib/http-error';
import { assertOpenApiDocument, buildApiReference } from './openapi-reference';
import type { OpenApiDocument } from './openapi-reference';

export const OPENAPI_DOCUMENT_PATH = '/api/openapi.json';

/** The server's OpenAPI document; a failed or malformed answer is an Error with a readable message. */
export async function fetchOpenApiDocument(fetchImpl: typeof fetch = (input, init) => fetch(input, init)): Promise<OpenApiDocument> {
  const response = await fetchImpl(OPENAPI_DOCUMENT_PATH, { headers: { Accept: 'application/json' }, credentials: 'same-origin' });
  if (!response.ok) throw await responseError(response);
  let document: unknown;
  try {
    document = await response.json();
  } catch {
    throw new Error('The API description could not be read: the server did not answer with JSON.');
  }
  assertOpenApiDocument(document);
  return document;
}

/** Fetched once per visit of the page; the grouped view is derived (and memoised) by `select`. */
export function apiReferenceQueryOptions() {
  return queryOptions({
    queryKey: ['openApiDocument'],
    queryFn: () => fetchOpenApiDocument(),
    select: buildApiReference,
  });
}
