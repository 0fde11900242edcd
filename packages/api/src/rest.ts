import { callTRPCProcedure } from '@trpc/server';
import { z } from 'zod';
import type { Context } from './context';
import { appRouter } from './root';
import type { HttpMethod, Meta, RestMeta } from './trpc';

/**
 * The REST surface, derived from procedure metadata: the Worker's adapter registers these routes
 * and /api/openapi.json documents exactly the same list. Nothing here is written by hand per path.
 */
export interface RestRoute {
  /** The procedure's dotted path in appRouter, e.g. "notifications.markRead". */
  procedure: string;
  type: 'query' | 'mutation';
  method: HttpMethod;
  /** OpenAPI form, e.g. "/api/notifications/{id}/read". */
  path: string;
  /** Names of `{param}` segments, filled from the URL. */
  pathParams: string[];
  /** Inputs a client may send as a header (see HEADER_INPUTS); the header wins over the body. */
  headerParams: Array<{ name: string; header: string }>;
  meta: RestMeta;
  scope: Meta['scope'];
  /** Platform roles the procedure admits (staff procedures), when it limits them. */
  staffRoles: Meta['staffRoles'];
  input: z.ZodType | undefined;
  output: z.ZodType | undefined;
}

interface ProcedureDef {
  type: 'query' | 'mutation' | 'subscription';
  meta?: Meta;
  inputs: unknown[];
  output?: unknown;
}

type AnyRouter = { _def: { procedures: Record<string, { _def: ProcedureDef }> } };

/**
 * Input fields HTTP clients send as headers by convention: the Idempotency-Key of a request that
 * creates something or moves money (as Stripe and the IETF draft spell it), an order's or a
 * payment's. A procedure whose input has the field takes it from the header over REST (the body
 * field still works, as an alias: the header wins), and from the body over tRPC.
 */
export const HEADER_INPUTS: Readonly<Record<string, string>> = { idempotencyKey: 'Idempotency-Key', paymentIdempotencyKey: 'Idempotency-Key' };

function headerParamsOf(input: unknown): RestRoute['headerParams'] {
  const shape = (input as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
  return Object.entries(HEADER_INPUTS)
    .filter(([name]) => name in shape)
    .map(([name, header]) => ({ name, header }));
}

export function restRoutes(router: AnyRouter = appRouter as unknown as AnyRouter): RestRoute[] {
  const routes: RestRoute[] = [];
  for (const [procedure, { _def }] of Object.entries(router._def.procedures)) {
    const rest = _def.meta?.rest;
    if (!rest || _def.type === 'subscription') continue;
    if (_def.inputs.length > 1) throw new Error(`${procedure}: REST procedures take one input schema`);
    routes.push({
      procedure,
      type: _def.type,
      method: rest.method,
      path: rest.path,
      pathParams: [...rest.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!),
      headerParams: headerParamsOf(_def.inputs[0]),
      meta: rest,
      scope: _def.meta?.scope,
      staffRoles: _def.meta?.staffRoles,
      input: _def.inputs[0] as z.ZodType | undefined,
      output: _def.output as z.ZodType | undefined,
    });
  }
  const seen = new Set<string>();
  for (const route of routes) {
    const key = `${route.method} ${route.path.replace(/\{\w+\}/g, '{}')}`;
    if (seen.has(key)) throw new Error(`Two procedures answer ${key}`);
    seen.add(key);
  }
  return staticFirst(routes);
}

/**
 * Calls a route's procedure with `input` as tRPC's own caller does (its middleware, its input and
 * output checks, its errors thrown as TRPCError), without building a caller proxy and walking it
 * to the procedure on every request: a tenth of a cached catalogue read (issue 35).
 */
export function callRoute(route: Pick<RestRoute, 'procedure' | 'type'>, ctx: Context, input: unknown): Promise<unknown> {
  return callTRPCProcedure({ router: appRouter, path: route.procedure, type: route.type, ctx, getRawInput: async () => input, signal: undefined, batchIndex: 0 });
}

/**
 * Routes in the order a router must try them: at the first segment where two paths differ, a fixed
 * segment before a parameter (`/api/billing/invoices/summary` before `/api/billing/invoices/{id}`),
 * so that no route is hidden by another whatever order the procedures were declared in (issue 32;
 * rest.test.ts checks that no path is shadowed).
 */
export function staticFirst<T extends { path: string }>(routes: readonly T[]): T[] {
  const segments = (path: string) => path.split('/').filter(Boolean);
  return [...routes].sort((a, b) => {
    const left = segments(a.path);
    const right = segments(b.path);
    for (let index = 0; index < Math.min(left.length, right.length); index += 1) {
      const leftParam = left[index]!.startsWith('{');
      const rightParam = right[index]!.startsWith('{');
      if (leftParam !== rightParam) return leftParam ? 1 : -1;
    }
    return 0;
  });
}

export type JsonSchema = Record<string, unknown>;

export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  return rest;
}

/** Properties of an object input (after unwrapping optional/default), for parameters and coercion. */
export function inputProperties(route: RestRoute): { properties: Record<string, JsonSchema>; required: string[] } {
  if (!route.input) return { properties: {}, required: [] };
  const schema = jsonSchemaOf(route.input, 'input');
  const objectSchema = (schema.anyOf as JsonSchema[] | undefined)?.find((part) => part.type === 'object') ?? schema;
  return {
    properties: (objectSchema.properties as Record<string, JsonSchema> | undefined) ?? {},
    required: (objectSchema.required as string[] | undefined) ?? [],
  };
}

/** Query strings are text: numbers and booleans are coerced by the input schema's types. */
export function coerceQueryValue(schema: JsonSchema | undefined, values: string[]): unknown {
  const type = schema?.type;
  if (type === 'array') return values.map((value) => coerceQueryValue(schema?.items as JsonSchema | undefined, [value]));
  const value = values.at(-1) ?? '';
  if (type === 'integer' || type === 'number') return value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value;
  if (type === 'boolean') return value === 'true' ? true : value === 'false' ? false : value;
  return value;
}

const isPage = (value: unknown): value is { items: unknown[]; page: number; pageSize: number; total: number; asOf?: number } =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as { items?: unknown }).items) &&
  ['page', 'pageSize', 'total'].every((field) => typeof (value as Record<string, unknown>)[field] === 'number');

/** The page number's place in a link template (pageLinks): one `page` parameter, values encoded. */
const PAGE_MARK = 'PAGE';
const PAGE_PARAMETER = /([?&])page=PAGE(?=&|>)/;

/**
 * The `Link` header (RFC 8288) of a list's answer (ADR 34: every list pages by `page` and
 * `pageSize`): `first`, `prev`, `next` and `last` for a page `{ items, page, pageSize, total }`,
 * carrying its `asOf` when it has one; `next` alone for a bare array (the notifications the
 * product's client reads as an array) when it filled its page. The links keep the request's other
 * query parameters (filters, search, sort). Null when there is nothing to link.
 */
export function pageLinks(requestUrl: string, input: unknown, result: unknown): string | null {
  // Every list answer builds its links (issue 35): the query string is encoded once, with the page
  // as a mark each link replaces (set() leaves one `page` parameter, where the caller put it). The
  // URL is parsed only for an answer that has links (a catalogue read has none).
  const templateOf = (asOf?: number, pageSize?: number) => {
    const url = new URL(requestUrl);
    const query = url.searchParams;
    if (pageSize !== undefined) query.set('pageSize', String(pageSize));
    query.set('page', PAGE_MARK);
    if (asOf !== undefined) query.set('asOf', String(asOf));
    return `<${url.pathname}?${query}>; rel="`;
  };
  const linkTo = (template: string, page: number, rel: string) => `${template.replace(PAGE_PARAMETER, `$1page=${page}`)}${rel}"`;
  if (isPage(result)) {
    const last = Math.max(1, Math.ceil(result.total / result.pageSize));
    const template = templateOf(result.asOf);
    const links = [linkTo(template, 1, 'first')];
    if (result.page > 1) links.push(linkTo(template, Math.min(result.page - 1, last), 'prev'));
    if (result.page < last) links.push(linkTo(template, result.page + 1, 'next'));
    links.push(linkTo(template, last, 'last'));
    return links.join(', ');
  }
  const paging = input as { page?: unknown; pageSize?: unknown } | undefined;
  if (Array.isArray(result) && typeof paging?.pageSize === 'number' && result.length === paging.pageSize) {
    return linkTo(templateOf(undefined, paging.pageSize), (typeof paging.page === 'number' ? paging.page : 1) + 1, 'next');
  }
  return null;
}
