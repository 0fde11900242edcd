import { describe, expect, it } from 'vitest';
import { fetchOpenApiDocument, OPENAPI_DOCUMENT_PATH } from './api-reference-query';
import { assertOpenApiDocument, buildApiReference, describeSchema, exampleOperation, resolvePointer, typeLabel } from './openapi-reference';
import type { OpenApiDocument } from './openapi-reference';

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });

const notification = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    type: { type: 'string', enum: ['success', 'warning', 'error', 'system'] },
    timestamp: { type: 'integer', description: 'UTC epoch milliseconds.' },
    read: { type: 'boolean' },
  },
  required: ['id', 'type', 'timestamp', 'read'],
  additionalProperties: false,
};

/** The shape packages/api's openApiDocument() produces, trimmed to a few operations. */
const fixture: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'KubeMarket API', version: '1.16.0' },
  servers: [{ url: 'https://console.example.eu' }],
  tags: [{ name: 'Catalogue' }, { name: 'Notifications', description: 'The bell of the console.' }, { name: 'Unused' }],
  paths: {
    '/api/notifications': {
      get: {
        operationId: 'notifications.list',
        summary: 'Your notifications, newest first',
        tags: ['Notifications'],
        responses: {
          '200': { description: 'OK', content: { 'application/json': { schema: { type: 'array', items: notification } } } },
          '401': errorResponse('Not signed in.'),
          '403': errorResponse('Not allowed.'),
        },
        security: [{ cookieAuth: [] }, { bearerAuth: [] }],
        'x-token-scope': 'notifications:read',
      },
    },
    '/api/notifications/{id}/read': {
      put: {
        operationId: 'notifications.markRead',
        summary: 'Mark a notification as read',
        tags: ['Notifications'],
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', minLength: 1, maxLength: 64 } }],
        responses: { '200': { description: 'OK', content: { 'application/json': { schema: notification } } }, '404': errorResponse('No such record.') },
        security: [{ cookieAuth: [] }, { bearerAuth: [] }],
        'x-token-scope': 'notifications:write',
      },
    },
    '/api/tokens': {
      post: {
        operationId: 'tokens.create',
        summary: 'Create an API token',
        tags: ['API tokens'],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  name: { type: 'string', minLength: 1, maxLength: 64 },
                  expiresInDays: { type: 'integer', minimum: 1, maximum: 366 },
                  scopes: { type: 'array', items: { type: 'string', enum: ['clusters:read', 'clusters:write'] }, minItems: 1 },
                },
                required: ['name', 'expiresInDays', 'scopes'],
              },
            },
          },
        },
        responses: { '200': { description: 'OK', content: { 'application/json': { schema: { type: 'object', properties: { token: { type: 'string' } }, required: ['token'] } } } } },
        security: [{ cookieAuth: [] }],
        'x-session-only': true,
      },
    },
    '/api/cluster-tiers': {
      get: {
        operationId: 'catalog.clusterTiers',
        summary: 'Cluster tiers on sale',
        tags: ['Catalogue'],
        parameters: [{ name: 'currency', in: 'query', required: false, schema: { type: 'string', enum: ['EUR', 'USD'], default: 'EUR' } }],
        responses: { '200': { description: 'OK', content: { 'application/json': { schema: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' } } } } } } } },
        security: [{}, { cookieAuth: [] }, { bearerAuth: [] }],
      },
    },
    '/api/health': {
      get: { summary: 'Health', responses: { '200': { description: 'OK', content: { 'application/json': { schema: {} } } } } },
    },
  },
  components: {
    schemas: { Error: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] } },
    securitySchemes: {
      bearerAuth: { type: 'http', scheme: 'bearer' },
      cookieAuth: { type: 'apiKey', in: 'cookie', name: '__Host-km_session' },
    },
  },
};

describe('buildApiReference', () => {
  const reference = buildApiReference(fixture);

  it('groups operations by tag, declared tags first, then the rest in order of appearance', () => {
    expect(reference.groups.map((group) => [group.name, group.anchor, group.operations.map((operation) => operation.key)])).toEqual([
      ['Catalogue', 'tag-catalogue', ['catalog.clusterTiers']],
      ['Notifications', 'tag-notifications', ['notifications.list', 'notifications.markRead']],
      ['API tokens', 'tag-api-tokens', ['tokens.create']],
      ['Other', 'tag-other', ['GET /api/health']],
    ]);
    expect(reference.groups[1]!.description).toBe('The bell of the console.');
  });

  it('reads who may call each operation from its security requirements', () => {
    const byKey = new Map(reference.groups.flatMap((group) => group.operations).map((operation) => [operation.key, operation]));
    expect(byKey.get('catalog.clusterTiers')!.access).toBe('public');
    expect(byKey.get('notifications.list')).toMatchObject({ access: 'session-or-token', scope: 'notifications:read', method: 'GET' });
    expect(byKey.get('tokens.create')!.access).toBe('session-only');
    expect(byKey.get('GET /api/health')!.access).toBe('public');
  });

  it('collects parameters, request body, success response and error statuses', () => {
    const markRead = reference.groups[1]!.operations[1]!;
    expect(markRead.parameters).toEqual([
      { name: 'id', in: 'path', required: true, description: undefined, schema: { type: 'string', nullable: false, description: undefined, details: ['1–64 characters'] } },
    ]);
    expect(markRead.requestBody).toBeNull();
    expect(markRead.response).toMatchObject({ status: '200', description: 'OK', contentType: 'application/json' });
    expect(markRead.response!.schema!.fields!.map((field) => field.name)).toEqual(['id', 'type', 'timestamp', 'read']);
    expect(markRead.errorStatuses).toEqual(['404']);

    const create = reference.groups[2]!.operations[0]!;
    expect(create.requestBody!.required).toBe(true);
    expect(create.requestBody!.schema.fields!.map((field) => [field.name, typeLabel(field.schema), field.required, field.schema.details])).toEqual([
      ['name', 'string', true, ['1–64 characters']],
      ['expiresInDays', 'integer', true, ['≥ 1', '≤ 366']],
      ['scopes', 'array of string', true, ['at least 1 item']],
    ]);
    expect(create.requestBody!.schema.fields![2]!.schema.values).toEqual(['clusters:read', 'clusters:write']);

    const tiers = reference.groups[0]!.operations[0]!;
    expect(tiers.parameters[0]).toMatchObject({ name: 'currency', in: 'query', required: false, schema: { values: ['EUR', 'USD'], details: ['default "EUR"'] } });
  });

  it('lists every documented failure once, with the first description, and reads the server and cookie', () => {
    expect(reference.errors).toEqual([
      { status: '401', description: 'Not signed in.' },
      { status: '403', description: 'Not allowed.' },
      { status: '404', description: 'No such record.' },
    ]);
    expect(reference).toMatchObject({ title: 'KubeMarket API', version: '1.16.0', serverUrl: 'https://console.example.eu', sessionCookieName: '__Host-km_session' });
  });

  it('picks a signed-in GET without path parameters for the curl example', () => {
    expect(exampleOperation(reference)?.path).toBe('/api/notifications');
  });
});

describe('describeSchema', () => {
  it('flattens an object into fields and keeps nested objects as their own fields', () => {
    const node = describeSchema({
      type: 'object',
      properties: {
        user: { type: 'object', properties: { id: { type: 'string' }, email: { type: 'string', format: 'email' } }, required: ['id'] },
        tags: { type: 'array', items: { type: 'string' } },
      },
      required: ['user'],
    });
    expect(node.type).toBe('object');
    expect(node.fields!.map((field) => [field.name, typeLabel(field.schema), field.required])).toEqual([
      ['user', 'object', true],
      ['tags', 'array of string', false],
    ]);
    expect(node.fields![0]!.schema.fields).toEqual([
      { name: 'id', required: true, schema: { type: 'string', nullable: false, description: undefined, details: [] } },
      { name: 'email', required: false, schema: { type: 'string', nullable: false, description: undefined, details: ['format email'] } },
    ]);
  });

  it('reads zod 4 nullables, literals and enums', () => {
    expect(typeLabel(describeSchema({ anyOf: [{ type: 'string' }, { type: 'null' }] }))).toBe('string or null');
    expect(typeLabel(describeSchema({ type: ['integer', 'null'] }))).toBe('integer or null');
    expect(describeSchema({ type: 'boolean', const: true })).toMatchObject({ type: 'boolean', values: ['true'] });
    expect(describeSchema({ enum: ['a', 'b', null] })).toMatchObject({ type: 'string', nullable: true, values: ['a', 'b'] });
    expect(describeSchema({ anyOf: [{ const: 'GET' }, { const: 'POST' }] })).toMatchObject({ type: 'string', values: ['GET', 'POST'] });
    expect(describeSchema({}).type).toBe('any');
  });

  it('keeps a union of objects as options', () => {
    const node = describeSchema({
      anyOf: [
        { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
        { type: 'object', properties: { mfaRequired: { type: 'boolean', const: true } }, required: ['mfaRequired'] },
      ],
    });
    expect(node.type).toBe('one of 2 shapes');
    expect(node.variants!.map((variant) => variant.fields!.map((field) => field.name))).toEqual([['id'], ['mfaRequired']]);
  });

  it('describes arrays and maps by their items and values', () => {
    const list = describeSchema({ type: 'array', items: notification });
    expect(list.type).toBe('array of object');
    expect(list.fields!.map((field) => field.name)).toEqual(['id', 'type', 'timestamp', 'read']);
    const map = describeSchema({ type: 'object', propertyNames: { type: 'string' }, additionalProperties: { type: 'number' } });
    expect(map.type).toBe('map of string to number');
    expect(describeSchema({ type: 'array', items: { type: 'string', maxLength: 64 }, maxItems: 20 }).details).toEqual(['at most 20 items', 'each item: at most 64 characters']);
  });

  it('follows references to components and to the schema’s own $defs, and stops on recursion', () => {
    expect(describeSchema({ $ref: '#/components/schemas/Error' }, fixture)).toMatchObject({ type: 'object', title: 'Error', fields: [{ name: 'message', required: true }] });
    const tree = describeSchema({
      $defs: { Node: { type: 'object', properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/Node' } } } } },
      $ref: '#/$defs/Node',
    });
    expect(tree.title).toBe('Node');
    const children = tree.fields!.find((field) => field.name === 'children')!;
    expect(typeLabel(children.schema)).toBe('array of Node');
    expect(children.schema.fields).toBeUndefined();
  });

  it('merges allOf parts', () => {
    const node = describeSchema({ allOf: [{ $ref: '#/components/schemas/Error' }, { type: 'object', properties: { code: { type: 'integer' } }, required: ['code'] }] }, fixture);
    expect(node.fields!.map((field) => [field.name, field.required])).toEqual([
      ['message', true],
      ['code', true],
    ]);
  });
});

describe('documents and pointers', () => {
  it('resolves escaped JSON pointers', () => {
    expect(resolvePointer({ paths: { '/api/x': { get: 1 } } }, '#/paths/~1api~1x/get')).toBe(1);
    expect(resolvePointer({}, '#/missing')).toBeUndefined();
  });

  it('refuses what is not an OpenAPI 3 document', () => {
    expect(() => assertOpenApiDocument({ swagger: '2.0', paths: {} })).toThrow('The API description is not an OpenAPI 3 document.');
    expect(() => assertOpenApiDocument(fixture)).not.toThrow();
  });

  it('fetches the document and turns a failed answer into its message', async () => {
    const calls: string[] = [];
    const ok: typeof fetch = async (input) => {
      calls.push(String(input));
      return new Response(JSON.stringify(fixture), { headers: { 'Content-Type': 'application/json' } });
    };
    await expect(fetchOpenApiDocument(ok)).resolves.toMatchObject({ openapi: '3.1.0' });
    expect(calls).toEqual([OPENAPI_DOCUMENT_PATH]);

    const missing: typeof fetch = async () => new Response(JSON.stringify({ message: 'No API route for GET /api/openapi.json.' }), { status: 404 });
    await expect(fetchOpenApiDocument(missing)).rejects.toMatchObject({ status: 404, message: 'No API route for GET /api/openapi.json.' });

    const html: typeof fetch = async () => new Response('<!doctype html>', { headers: { 'Content-Type': 'text/html' } });
    await expect(fetchOpenApiDocument(html)).rejects.toThrow('the server did not answer with JSON');
  });
});

describe('constraints', () => {
  it('leaves out the safe-integer bounds zod gives every integer, and names the member a union constraint belongs to', () => {
    expect(describeSchema({ type: 'integer', minimum: -9007199254740991, maximum: 9007199254740991 }).details).toEqual([]);
    expect(describeSchema({ anyOf: [{ type: 'string', maxLength: 2000 }, { type: 'number' }] })).toMatchObject({
      type: 'string or number',
      details: ['at most 2000 characters (string)'],
    });
  });
});
