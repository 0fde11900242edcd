import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from './openapi';
import { coerceQueryValue, pageLinks, restRoutes, staticFirst } from './rest';

describe('REST routes from procedure metadata', () => {
  const routes = restRoutes();
  const table = routes.map((route) => `${route.method} ${route.path}`);

  it("keeps the paths and methods of docs/product/calls.md", () => {
    expect(table).toEqual(
      expect.arrayContaining([
        'GET /api/user',
        'POST /api/login',
        'POST /api/register',
        'POST /api/logout',
        'POST /api/auth/resend-verification',
        'GET /api/currency/rates',
        'GET /api/notifications',
        'GET /api/notifications/count',
        'PUT /api/notifications/{id}/read',
        'POST /api/notifications/mark-all-read',
        'PUT /api/notifications/{id}/trash',
        'GET /api/officers/check-access',
        'GET /api/cluster-tiers',
        'GET /api/version/summary',
        'GET /api/sidebar-counts',
        'GET /api/tokens',
        'POST /api/tokens',
        'DELETE /api/tokens/{id}',
      ]),
    );
  });

  it('keeps the paths the business issues promise to scripts', () => {
    expect(table).toEqual(
      expect.arrayContaining([
        // Ordering and payment (issue 11).
        'POST /api/orders',
        'GET /api/orders',
        'GET /api/orders/{id}',
        'POST /api/orders/{id}/pay',
        'POST /api/orders/{id}/cancel',
        // Clusters (issue 12).
        'GET /api/clusters',
        'GET /api/clusters/{id}',
        'GET /api/clusters/{id}/events',
        'PATCH /api/clusters/{id}/node-pools/{poolId}',
        'POST /api/clusters/{id}/node-pools',
        'DELETE /api/clusters/{id}/node-pools/{poolId}',
        'POST /api/clusters/{id}/upgrade',
        'POST /api/clusters/{id}/kubeconfig',
        'PUT /api/clusters/{id}/hibernation',
        'DELETE /api/clusters/{id}',
        // Billing and usage (issue 13, docs/product/states.md and docs/product/calls.md).
        'GET /api/billing/credits',
        'GET /api/billing/summary',
        'GET /api/billing/plans',
        'GET /api/billing/payment-methods',
        'GET /api/billing/invoices',
        'GET /api/billing/invoices/{id}',
        'GET /api/billing/invoices/{id}/pdf',
        'GET /api/billing/invoices/{id}/csv',
        'GET /api/usage',
        // Support (issue 14).
        'POST /api/tickets',
        'GET /api/tickets',
        'GET /api/tickets/{id}',
        'POST /api/tickets/{id}/replies',
        'POST /api/tickets/{id}/attachments',
        'GET /api/incidents',
        // Other clouds (issue 16).
        'GET /api/provider-connections',
        'POST /api/provider-connections',
        'POST /api/provider-connections/{id}/test',
        'DELETE /api/provider-connections/{id}',
        'GET /api/external-clusters',
      ]),
    );
  });

  it('gives every REST procedure a summary, a tag and an output schema', () => {
    for (const route of routes) {
      expect(route.meta.summary, route.procedure).not.toBe('');
      expect(route.meta.tags.length, route.procedure).toBeGreaterThan(0);
      expect(route.output, `${route.procedure} has no .output()`).toBeDefined();
    }
  });

  it('names every path parameter in the input schema', () => {
    for (const route of routes.filter((r) => r.pathParams.length)) {
      const shape = (route.input as unknown as { shape?: Record<string, unknown> }).shape ?? {};
      for (const param of route.pathParams) expect(Object.keys(shape), route.procedure).toContain(param);
    }
  });

  it('shadows no route: tried in order, each path reaches its own procedure first, whatever order they were declared in', () => {
    const pattern = (path: string) => new RegExp(`^${path.replace(/\{\w+\}/g, '[^/]+')}$`);
    const shadowed = (list: ReturnType<typeof restRoutes>) =>
      list.flatMap((route) => {
        // A concrete request for this route: each parameter filled with a value no fixed segment has.
        const sample = route.path.replace(/\{(\w+)\}/g, 'sample-$1-7f3a');
        const first = list.find((candidate) => candidate.method === route.method && pattern(candidate.path).test(sample));
        return first === route ? [] : [`${route.method} ${route.path} is answered by ${first?.procedure}`];
      });
    expect(shadowed(routes)).toEqual([]);
    // The order does not rest on how the procedures were declared: reversed, the same order comes out.
    expect(staticFirst([...routes].reverse()).map((route) => `${route.method} ${route.path}`).filter((key, index, all) => all.indexOf(key) === index)).toHaveLength(routes.length);
    expect(shadowed(staticFirst([...routes].reverse()))).toEqual([]);
    // And a fixed segment goes before a parameter at the first place they differ.
    expect(staticFirst([{ path: '/api/billing/invoices/{id}' }, { path: '/api/billing/invoices/summary' }]).map((route) => route.path)).toEqual(['/api/billing/invoices/summary', '/api/billing/invoices/{id}']);
  });

  it('coerces query strings by the schema type', () => {
    expect(coerceQueryValue({ type: 'integer' }, ['25'])).toBe(25);
    expect(coerceQueryValue({ type: 'integer' }, ['abc'])).toBe('abc');
    expect(coerceQueryValue({ type: 'boolean' }, ['true'])).toBe(true);
    expect(coerceQueryValue({ type: 'array', items: { type: 'number' } }, ['1', '2'])).toEqual([1, 2]);
    expect(coerceQueryValue({ type: 'string' }, ['x'])).toBe('x');
  });
});

describe('GET /api/openapi.json document', () => {
  const routes = restRoutes();
  const document = openApiDocument(routes, { version: '1.16.0', serverUrl: 'https://console.example.eu' });

  it('is a valid OpenAPI 3.1 document (swagger-parser)', async () => {
    const copy = structuredClone(document);
    await expect(SwaggerParser.validate(copy as never)).resolves.toBeTruthy();
    expect(document.openapi).toBe('3.1.0');
  });

  it('documents every REST route but the internal ones, with its scope and session-only flag', () => {
    const internal = routes.filter((route) => route.meta.internal);
    expect(internal.map((route) => route.path)).toEqual(['/api/dev/test-accounts']);
    for (const route of internal) expect(document.paths[route.path]).toBeUndefined();
    for (const route of routes.filter((candidate) => !candidate.meta.internal)) {
      const operation = (document.paths[route.path] as Record<string, Record<string, unknown>> | undefined)?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.path}`).toBeDefined();
      expect(operation!.operationId).toBe(route.procedure);
      if (route.scope) expect(operation!['x-token-scope']).toBe(route.scope);
    }
    const documented = Object.values(document.paths).reduce((sum, methods) => sum + Object.keys(methods).length, 0);
    expect(documented).toBe(routes.length - internal.length);
  });

  it('describes inputs: path parameters, query parameters and JSON bodies', () => {
    const markRead = document.paths['/api/notifications/{id}/read']!.put as { parameters: Array<{ name: string; in: string; required: boolean }> };
    expect(markRead.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
    const register = document.paths['/api/register']!.post as { requestBody: { content: Record<string, { schema: { required: string[] } }> } };
    expect(register.requestBody.content['application/json']!.schema.required.sort()).toEqual(['companyName', 'email', 'name', 'password', 'username']);
    const tokens = document.paths['/api/tokens']!.post as { security: unknown[] };
    expect(tokens.security).toEqual([{ cookieAuth: [] }]);
  });

  it('takes an order\'s idempotency key from the Idempotency-Key header, documented as such', () => {
    const createOrder = routes.find((route) => route.procedure === 'orders.create')!;
    expect(createOrder.headerParams).toEqual([{ name: 'idempotencyKey', header: 'Idempotency-Key' }]);
    // Every call that creates something or moves money takes its key as the header (issue 33).
    expect(routes.filter((route) => route.headerParams.length > 0).map((route) => route.procedure).sort()).toEqual(['incidents.declare', 'invoices.pay', 'orders.create', 'orders.pay', 'webhooks.retryDelivery']);
    for (const procedure of ['orders.pay', 'invoices.pay']) {
      expect(routes.find((route) => route.procedure === procedure)!.headerParams).toEqual([{ name: 'paymentIdempotencyKey', header: 'Idempotency-Key' }]);
    }
    const operation = document.paths['/api/orders']!.post as {
      parameters: Array<{ name: string; in: string; required: boolean }>;
      requestBody: { content: Record<string, { schema: { properties: Record<string, unknown>; required: string[] } }> };
    };
    expect(operation.parameters).toEqual([expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: true })]);
    const body = operation.requestBody.content['application/json']!.schema;
    expect(Object.keys(body.properties)).not.toContain('idempotencyKey');
    expect(body.required.sort()).toEqual(['billing', 'lines']);
    // Created: 201, with the request id and the token's rate-limit window in its headers.
    const created = (document.paths['/api/orders']!.post as { responses: Record<string, { headers: Record<string, unknown> }> }).responses;
    expect(Object.keys(created)).toEqual(['201', '400', '401', '403', '409', '413', '415', '429', '500', '503']);
    expect(Object.keys(created['201']!.headers)).toEqual(['X-Request-Id', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'RateLimit-Policy']);
    expect(Object.keys(created['429']!.headers)).toContain('Retry-After');
  });

  it('documents per operation the errors it can give, with the closed set of codes in the Error schema', () => {
    const responses = (path: string, method: string) => Object.keys((document.paths[path]![method] as { responses: Record<string, unknown> }).responses);
    // A public read: no input, no record in the path.
    expect(responses('/api/cluster-tiers', 'get')).toEqual(['200', '401', '429', '500', '503']);
    // A record in the path: 404; a change of state: 409; a catalogue change: 412 (four eyes).
    expect(responses('/api/clusters/{id}', 'get')).toEqual(['200', '400', '401', '403', '404', '429', '500', '503']);
    expect(responses('/api/admin/catalog/cluster-tiers/{id}', 'patch')).toContain('412');
    expect(responses('/api/admin/catalog/node-flavors/sync', 'post')).toContain('502');
    const schema = document.components.schemas.Error as { properties: { code: { enum: string[] } }; required: string[] };
    expect(schema.required).toEqual(['message', 'code', 'requestId']);
    expect(schema.properties.code.enum).toContain('validation_failed');
    expect(document.servers).toEqual([{ url: 'https://console.example.eu', description: 'This deployment.' }]);
  });
});

describe('page links (ADR 34)', () => {
  const base = 'https://console.example.eu/api/orders?status=paid&page=2&pageSize=10';
  it('links the first, previous, next and last pages of a page, keeping the filters', () => {
    expect(pageLinks(base, {}, { items: [], page: 2, pageSize: 10, total: 35 })).toBe(
      [
        '</api/orders?status=paid&page=1&pageSize=10>; rel="first"',
        '</api/orders?status=paid&page=1&pageSize=10>; rel="prev"',
        '</api/orders?status=paid&page=3&pageSize=10>; rel="next"',
        '</api/orders?status=paid&page=4&pageSize=10>; rel="last"',
      ].join(', '),
    );
    // The last page has no next; an empty list still has a first and a last page.
    expect(pageLinks(base, {}, { items: [], page: 4, pageSize: 10, total: 35 })).not.toContain('rel="next"');
    expect(pageLinks('https://x.eu/api/orders', {}, { items: [], page: 1, pageSize: 20, total: 0 })).toBe('</api/orders?page=1>; rel="first", </api/orders?page=1>; rel="last"');
  });

  it('keeps a search that reads like the page parameter as the caller typed it', () => {
    const search = `https://x.eu/api/clusters?q=${encodeURIComponent('&page=PAGE')}&xpage=PAGE&page=2`;
    expect(pageLinks(search, {}, { items: [], page: 2, pageSize: 20, total: 60 })).toBe(
      ['first', 'prev', 'next', 'last'].map((rel, index) => `</api/clusters?q=%26page%3DPAGE&xpage=PAGE&page=${[1, 1, 3, 3][index]}>; rel="${rel}"`).join(', '),
    );
  });

  it('carries asOf, and links only the next page of a full bare array', () => {
    expect(pageLinks('https://x.eu/api/clusters/c/events?pageSize=5', {}, { items: [], page: 1, pageSize: 5, total: 6, asOf: 1700 })).toContain('</api/clusters/c/events?pageSize=5&page=2&asOf=1700>; rel="next"');
    expect(pageLinks('https://x.eu/api/notifications', { page: 1, pageSize: 2 }, [{}, {}])).toBe('</api/notifications?pageSize=2&page=2>; rel="next"');
    expect(pageLinks('https://x.eu/api/notifications', { page: 1, pageSize: 2 }, [{}])).toBeNull();
    expect(pageLinks('https://x.eu/api/cluster-tiers', undefined, [{}, {}])).toBeNull();
  });
});
