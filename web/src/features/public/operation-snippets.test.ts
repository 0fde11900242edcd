import { describe, expect, it } from 'vitest';
import { buildApiReference, type OpenApiDocument } from './openapi-reference';
import { snippetsOf } from './operation-snippets';

const bearer = [{ cookieAuth: [] }, { bearerAuth: [] }];

/** Three operations as packages/api's openApiDocument() writes them. */
const document: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'KubeMarket API', version: '1.16.0' },
  servers: [{ url: 'https://console.example.eu' }],
  tags: [{ name: 'Clusters' }, { name: 'API tokens' }],
  components: {
    securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' }, cookieAuth: { type: 'apiKey', in: 'cookie', name: '__Host-km_session' } },
  },
  paths: {
    '/api/clusters/{id}/upgrade': {
      post: {
        operationId: 'clusters.upgrade',
        summary: 'Upgrade the cluster',
        tags: ['Clusters'],
        security: bearer,
        'x-token-scope': 'clusters:write',
        'x-cli': 'kubemarket clusters upgrade <cluster> --version <x.y.z> [--wait]',
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
          { name: 'Idempotency-Key', in: 'header', required: true, schema: { type: 'string' } },
        ],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { type: 'object', properties: { version: { type: 'string' }, force: { type: 'boolean' } }, required: ['version'] } } },
        },
        responses: { '200': { description: 'OK.' } },
      },
    },
    '/api/clusters': {
      get: {
        operationId: 'clusters.list',
        summary: 'Your clusters',
        tags: ['Clusters'],
        security: bearer,
        parameters: [{ name: 'page', in: 'query', required: false, schema: { type: 'integer' } }],
        responses: { '200': { description: 'OK.' } },
      },
    },
    '/api/tokens': {
      post: { operationId: 'tokens.create', summary: 'Create an API token', tags: ['API tokens'], security: [{ cookieAuth: [] }], 'x-session-only': true, responses: { '201': { description: 'Created.' } } },
    },
  },
};

const operations = buildApiReference(document).groups.flatMap((group) => group.operations);
const operation = (key: string) => operations.find((candidate) => candidate.key === key)!;

describe('the curl, SDK and CLI examples of an operation', () => {
  it('writes the path parameters, the Idempotency-Key header and the required body fields the same way in curl and the SDK', () => {
    const snippets = snippetsOf(operation('clusters.upgrade'), 'https://console.example.eu')!;
    expect(snippets.curl).toBe(
      [
        'curl -X POST "https://console.example.eu/api/clusters/<id>/upgrade"',
        '-H "Authorization: Bearer $KUBEMARKET_TOKEN"',
        '-H "Idempotency-Key: $(uuidgen)"',
        '-H "Content-Type: application/json"',
        `-d '{"version":"<version>"}'`,
      ].join(' \\\n  '),
    );
    expect(snippets.sdk).toBe(
      [
        "import { createClient, idempotencyKey } from '@kubemarket/sdk';",
        '',
        "const api = createClient({ baseUrl: 'https://console.example.eu', token: process.env.KUBEMARKET_TOKEN });",
        "const answer = await api.POST('/api/clusters/{id}/upgrade', {",
        "  params: { path: { id: '<id>' }, header: { 'Idempotency-Key': idempotencyKey() } },",
        "  body: { version: '<version>' },",
        '});',
      ].join('\n'),
    );
    expect(snippets.cli).toBe('kubemarket clusters upgrade <cluster> --version <x.y.z> [--wait]');
  });

  it('keeps a plain read short, says when there is no CLI command, and gives nothing for console-only operations', () => {
    const list = snippetsOf(operation('clusters.list'), 'https://console.example.eu')!;
    expect(list.curl).toBe('curl "https://console.example.eu/api/clusters" \\\n  -H "Authorization: Bearer $KUBEMARKET_TOKEN"');
    expect(list.sdk.split('\n').at(-1)).toBe("const answer = await api.GET('/api/clusters');");
    expect(list.cli).toBeNull();
    expect(snippetsOf(operation('tokens.create'), 'https://console.example.eu')).toBeNull();
  });
});
