import { callRoute, coerceQueryValue, inputProperties, openApiDocument, pageLinks, restRoutes, type RestRoute } from '@kubemarket/api';
import { Hono, type Context as HonoContext } from 'hono';
import { apiError, procedureErrorResponse } from './api-errors';
import { APP_VERSION, contextFor, originOf } from './context';
import type { AppEnv } from './env';

const routeProperties = new WeakMap<RestRoute, ReturnType<typeof inputProperties>>();

/** A route's input fields: derived from its JSON Schema, which is too slow to build on every request. */
function propertiesOf(route: RestRoute): ReturnType<typeof inputProperties> {
  let properties = routeProperties.get(route);
  if (!properties) {
    properties = inputProperties(route);
    routeProperties.set(route, properties);
  }
  return properties;
}

class BadRequest extends Error {
  constructor(
    message: string,
    readonly status: 400 | 415 = 400,
  ) {
    super(message);
  }
}

const JSON_TYPE = /^application\/([\w.+-]*\+)?json\s*(;|$)/i;

/**
 * The JSON body, or {} when there is none; malformed JSON is the caller's mistake (400). The body
 * is the one limitBody (transport.ts) buffered, at most MAX_BODY_BYTES.
 */
async function jsonBody(c: HonoContext<AppEnv>): Promise<Record<string, unknown>> {
  const type = c.req.header('Content-Type');
  // A form or file upload is not read as text at all: the API speaks JSON only.
  if (type && !JSON_TYPE.test(type)) {
    if (c.req.header('Content-Length') === '0') return {};
    throw new BadRequest('Send the request body as JSON (Content-Type: application/json).', 415);
  }
  const text = await c.req.text();
  if (!text.trim()) return {};
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new BadRequest('The request body must be a JSON object.');
}

/**
 * An upload's form: file parts become `{ filename, contentType, bytes }` in the files field, text
 * parts are coerced by the input schema like query strings.
 */
async function multipartBody(c: HonoContext<AppEnv>, route: RestRoute, filesField: string): Promise<Record<string, unknown>> {
  if (!/^multipart\/form-data\s*;/i.test(c.req.header('Content-Type') ?? '')) {
    throw new BadRequest('Send the files as multipart/form-data (one or more "files" parts).', 415);
  }
  let form: FormData;
  try {
    form = await c.req.raw.formData();
  } catch {
    throw new BadRequest('The multipart/form-data body could not be read.');
  }
  const { properties } = propertiesOf(route);
  const input: Record<string, unknown> = {};
  const files: Array<{ filename: string; contentType: string; bytes: Uint8Array }> = [];
  const texts = new Map<string, string[]>();
  for (const [name, value] of form.entries()) {
    if (typeof value !== 'string') {
      files.push({ filename: value.name, contentType: value.type, bytes: new Uint8Array(await value.arrayBuffer()) });
    } else if (name !== filesField && name in properties) {
      texts.set(name, [...(texts.get(name) ?? []), value]);
    }
  }
  for (const [name, values] of texts) input[name] = coerceQueryValue(properties[name], values);
  input[filesField] = files;
  return input;
}

/** `attachment` with an ASCII fallback name and, for stored files, the exact UTF-8 one. */
function contentDisposition(filename: string, utf8: boolean): string {
  const fallback = filename.replace(/[^\w.-]/g, '_');
  if (!utf8) return `attachment; filename="${fallback}"`;
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** Path parameters, then query parameters (GET, DELETE), the upload's form, or the JSON body. */
async function inputOf(c: HonoContext<AppEnv>, route: RestRoute): Promise<Record<string, unknown>> {
  const input: Record<string, unknown> = {};
  if (route.meta.multipart) {
    Object.assign(input, await multipartBody(c, route, route.meta.multipart.filesField));
  } else if (route.method === 'GET' || route.method === 'DELETE') {
    // Without a query string there is nothing to read: a list opened as is parses no URL (issue 35).
    if (c.req.url.includes('?')) {
      const { properties } = propertiesOf(route);
      const url = new URL(c.req.url);
      for (const name of new Set(url.searchParams.keys())) {
        if (name in properties) input[name] = coerceQueryValue(properties[name], url.searchParams.getAll(name));
      }
    }
  } else {
    Object.assign(input, await jsonBody(c));
  }
  for (const name of route.pathParams) input[name] = c.req.param(name) ?? '';
  for (const { name, header } of route.headerParams) {
    const value = c.req.header(header);
    if (value !== undefined) input[name] = value;
  }
  return input;
}

/**
 * A route with a YAML field (the kubeconfig) answers the YAML alone, as `curl … > kubeconfig` wants,
 * unless the request asks for JSON and not YAML: then the JSON object with the YAML in that field.
 */
function answersYaml(accept: string | undefined): boolean {
  if (!accept) return true;
  if (/\b(application|text)\/yaml\b/i.test(accept)) return true;
  return !/\bapplication\/json\b/i.test(accept);
}

/**
 * A frozen answer is serialised once: the isolate's catalogue cache hands the same deep-frozen,
 * once-checked answer to every reader until a staff edit or its TTL (checkedOnce, ADR 44), and a
 * value that cannot change has one JSON text. Kept weakly, so it goes with the cache entry.
 */
const jsonTexts = new WeakMap<object, string>();

function jsonText(result: unknown): string {
  if (typeof result !== 'object' || result === null || !Object.isFrozen(result)) return JSON.stringify(result);
  let text = jsonTexts.get(result);
  if (text === undefined) {
    text = JSON.stringify(result);
    jsonTexts.set(result, text);
  }
  return text;
}

const routes = restRoutes();
/**
 * The document names its server: APP_URL, else the origin it was asked on. One document is kept,
 * for the last server named: the Host header is the caller's to choose, so a cache per origin
 * could be grown without end (production always has APP_URL).
 */
let openApiCache: { serverUrl: string; document: object } | undefined;

export const rest = new Hono<AppEnv>();

rest.get('/openapi.json', (c) => {
  const serverUrl = c.env.APP_URL?.trim() || originOf(c.req.url);
  if (openApiCache?.serverUrl !== serverUrl) openApiCache = { serverUrl, document: openApiDocument(routes, { version: APP_VERSION, serverUrl }) };
  return c.json(openApiCache.document);
});

// Every procedure with REST metadata, at the path (docs/product/calls.md): a thin call of the same procedure.
for (const route of routes) {
  const honoPath = route.path.replace(/^\/api/, '').replace(/\{(\w+)\}/g, ':$1');
  rest.on(route.method, honoPath, async (c) => {
    try {
      const input = route.input ? await inputOf(c, route) : undefined;
      const result = await callRoute(route, contextFor(c), input);
      const yamlField = route.meta.yamlField;
      if (yamlField && answersYaml(c.req.header('Accept'))) {
        return c.body(String((result as Record<string, unknown>)[yamlField]), 200, { 'Content-Type': 'application/yaml; charset=utf-8', 'Cache-Control': 'no-store' });
      }
      const body = route.meta.body;
      if (body) {
        const fields = result as Record<string, unknown>;
        const content = String(fields[body.field]);
        const filename = body.filenameField ? String(fields[body.filenameField]) : null;
        const contentType = body.contentTypeField ? String(fields[body.contentTypeField]) : body.contentType;
        const headers: Record<string, string> = {
          'Content-Type': contentType,
          'Cache-Control': 'no-store',
          ...(filename ? { 'Content-Disposition': contentDisposition(filename, Boolean(body.contentTypeField)) } : {}),
        };
        return body.base64 ? c.body(Uint8Array.from(atob(content), (char) => char.charCodeAt(0)), 200, headers) : c.body(content, 200, headers);
      }
      if (route.method === 'GET') {
        const links = pageLinks(c.req.url, input, result);
        if (links) c.header('Link', links);
      }
      return c.body(jsonText(result), route.meta.successStatus ?? 200, { 'Content-Type': 'application/json' });
    } catch (error) {
      if (error instanceof BadRequest) return apiError(c, error.status, error.message);
      return procedureErrorResponse(c, error);
    }
  });
}

rest.all('*', (c) => apiError(c, 404, `No API route for ${c.req.method} ${new URL(c.req.url).pathname}.`));
