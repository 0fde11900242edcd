import { API_ERROR_CODES, apiErrorBodySchema, type ApiErrorCode } from '@kubemarket/shared';
import { z } from 'zod';
import { inputProperties, jsonSchemaOf, type JsonSchema, type RestRoute } from './rest';

/**
 * OpenAPI 3.1 of every REST route (issue 33), from the same metadata and zod schemas the adapter
 * uses: each operation's success status, the errors it can answer with their closed set of codes,
 * the headers every answer carries, who may call it, and a description of each tag and parameter.
 * Spectral's `spectral:oas` ruleset, every rule on, reports nothing (openapi-lint.test.ts).
 */

/** What each tag groups, shown as the section headings of /api-reference. */
export const TAG_DESCRIPTIONS: Readonly<Record<string, string>> = {
  Account: 'Your own account: profile, password, email address, sessions and personal data.',
  Activity: "Your organisation's activity log: who did what, and when.",
  Administration: 'Platform administration for staff: approvals, settings and the audit trail.',
  'API tokens': 'Tokens scripts authenticate with, each limited to its scopes and lifetime.',
  Authentication: 'Registration, sign-in (with two-step verification), email links and sign-out.',
  Billing: 'Billing profile, payment methods, plans, credits and invoices with their PDF and CSV.',
  Budgets: 'Monthly spending limits over the organisation, a cluster, a tier or a node-pool label, alerted once a month per threshold against actual and forecast spend.',
  Catalogue: 'What is on sale: cluster tiers, node flavours, Kubernetes versions, add-ons, middlewares, support plans and data centres.',
  'Catalogue administration': 'Staff editing of the catalogue: prices apply from a date, large changes need a second administrator.',
  'Cloud connections': 'Credentials for clusters you run at other clouds, sealed at rest, and the clusters they see.',
  Clusters: 'Your clusters: details, node pools, upgrades, kubeconfigs, hibernation, events and deletion.',
  'Custom solutions': 'Requests for something the catalogue lacks, answered by the solutions team.',
  Dashboard: 'The figures of the console home page.',
  Development: 'Helpers of a local development deployment only.',
  Incidents: 'Platform incidents and the organisations they affect.',
  Middlewares: 'Managed middlewares running in your clusters: plans, backups and lifecycle.',
  Notifications: 'Your notifications: list, count, mark read, move to trash.',
  Orders: 'Orders and their payment, placed exactly once with an Idempotency-Key.',
  Platform: 'Platform facts: version, exchange rates and status.',
  'Public site': 'What visitors can send without an account: sales and contact requests, the newsletter, public support.',
  Quotes: 'Prices of an order computed by the same engine that charges it.',
  Security: 'Two-step verification, recovery codes and security events of your account.',
  Staff: 'Staff views of organisations, users, clusters and orders.',
  Support: 'Support tickets of your organisation, their replies and attachments.',
  'Support (staff)': 'The support team’s queue: assignment, replies and internal notes.',
  Team: 'Members of your organisation, their roles and invitations.',
  Usage: 'Metered usage of your clusters, by hour and by month.',
};

/** The headers of every answer, and those of token-authenticated ones (Retry-After with 429). */
const HEADERS = {
  'X-Request-Id': { description: "This request's id (`req_…`), also in every error body: quote it to support.", schema: { type: 'string', pattern: '^req_[a-z2-7]{26}$' } },
  'RateLimit-Limit': { description: 'Requests an API token may make in the window (token requests only).', schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Requests left in the current window (token requests only).', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Seconds until the window ends and the count starts again (token requests only).', schema: { type: 'integer' } },
  'RateLimit-Policy': { description: 'The limit and its window in seconds, e.g. `600;w=60` (token requests only).', schema: { type: 'string' } },
  'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer' } },
  Link: { description: 'The other pages of the list (RFC 8288): `first`, `prev`, `next` and `last` (`next` only on a list answered as a bare array).', schema: { type: 'string' } },
} as const;

type HeaderName = keyof typeof HEADERS;

const headerRefs = (names: readonly HeaderName[]) =>
  Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));

/** Whether an API token can call the route at all: it declares a scope and is not session-only. */
function tokenMayCall(route: RestRoute): boolean {
  return route.scope !== undefined && route.meta.sessionOnly !== true;
}

const hasBody = (route: RestRoute) => route.method !== 'GET' && route.method !== 'DELETE';

/**
 * The error codes an operation can answer with. Every request can meet a malformed token (401),
 * the token's rate limit (429), a crash or a deployment that is down (500, 503); the rest follow
 * from what the operation is: input (400), who may call it or a browser change without its CSRF
 * token (403), a record in the path (404), a change of state (409), a body (413, 415), and the
 * codes its metadata declares (412 for a catalogue change that needs a second administrator,
 * 502 for a provider that answered badly).
 */
export function errorCodesOf(route: RestRoute): ApiErrorCode[] {
  const codes = new Set<ApiErrorCode>(['unauthenticated', 'rate_limited', 'internal_error', 'unavailable']);
  if (route.input || hasBody(route)) codes.add('validation_failed').add('invalid_request');
  if (route.scope !== undefined || route.meta.sessionOnly || route.staffRoles || hasBody(route)) codes.add('forbidden');
  if (route.pathParams.length > 0 || route.staffRoles) codes.add('not_found');
  if (route.type === 'mutation') codes.add('conflict');
  if (hasBody(route)) codes.add('payload_too_large').add('unsupported_media_type');
  for (const code of route.meta.errors ?? []) codes.add(code);
  return (Object.keys(API_ERROR_CODES) as ApiErrorCode[]).filter((code) => codes.has(code) && code !== 'upgrade_required');
}

/** Who may call the operation, in a sentence of its description. */
function accessOf(route: RestRoute): string {
  if (route.staffRoles) return `Staff only (${route.staffRoles.join(', ')}), signed in to the console${tokenMayCall(route) ? ` or with an API token carrying \`${route.scope}\`` : ''}.`;
  if (route.meta.sessionOnly) return 'Console sessions only: an API token is refused with 403.';
  if (route.scope) return `Signed in, with the console session or an API token carrying the \`${route.scope}\` scope; your role in the organisation must allow it too. Records of another organisation answer 404.`;
  return 'Open to anyone; a signed-in caller acts as themselves.';
}

/** "the cluster" of `/api/clusters/{id}`: the segment before a path parameter, singular. */
function recordBefore(path: string, param: string): string {
  const segments = path.split('/');
  const before = segments[segments.indexOf(`{${param}}`) - 1] ?? 'record';
  const singular = before.endsWith('ies') ? `${before.slice(0, -3)}y` : before.endsWith('s') ? before.slice(0, -1) : before;
  return singular.replace(/-/g, ' ');
}

/** A parameter's own description, or one derived from what it is (a record's id, a choice, a flag). */
function parameterDescription(route: RestRoute, name: string, schema: JsonSchema, header: string | undefined): string {
  if (typeof schema.description === 'string') return schema.description;
  if (header) return `Sent as the ${header} header (the body field \`${name}\` is kept as an alias).`;
  if (route.pathParams.includes(name)) return `The ${recordBefore(route.path, name)}'s ${name === 'id' ? 'id' : name}.`;
  if (Array.isArray(schema.enum)) return `One of ${schema.enum.map((value) => `\`${String(value)}\``).join(', ')}.`;
  if (schema.type === 'boolean') return `\`${name}\`: true or false.`;
  return `Filters the list by \`${name}\`.`;
}

function successContent(route: RestRoute): Record<string, unknown> {
  const body = route.meta.body;
  if (body?.contentTypeField) return { '*/*': { schema: { type: 'string', format: 'binary', description: 'The file, with its own Content-Type.' } } };
  if (body) return { [body.contentType.split(';')[0]!.trim()]: { schema: { type: 'string', ...(body.base64 ? { format: 'binary' } : {}) } } };
  return {
    ...(route.meta.yamlField
      ? { 'application/yaml': { schema: { type: 'string', description: `The ${route.meta.yamlField} YAML alone: the default answer (send Accept: application/json for the object).` } } }
      : {}),
    'application/json': { schema: route.output ? jsonSchemaOf(route.output, 'output') : {} },
  };
}

function errorResponses(route: RestRoute, headers: Record<string, unknown>) {
  const byStatus = new Map<number, ApiErrorCode[]>();
  for (const code of errorCodesOf(route)) {
    const { status } = API_ERROR_CODES[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, codes]) => [
      String(status),
      {
        description: codes.map((code) => `\`${code}\`: ${API_ERROR_CODES[code].description}`).join(' '),
        headers: status === 429 ? { ...headers, ...headerRefs(['Retry-After']) } : headers,
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
      },
    ]),
  );
}

function requestBodyOf(route: RestRoute, properties: Record<string, JsonSchema>, required: string[], inBody: (name: string) => boolean) {
  const bodyProperties = Object.fromEntries(Object.entries(properties).filter(([name]) => inBody(name)));
  if (route.meta.multipart) {
    return {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: { ...bodyProperties, [route.meta.multipart.filesField]: { type: 'array', items: { type: 'string', format: 'binary' } } },
            required: required.filter(inBody),
          },
        },
      },
    };
  }
  if (!hasBody(route) || !route.input || Object.keys(bodyProperties).length === 0) return undefined;
  return {
    required: required.some(inBody),
    content: { 'application/json': { schema: { type: 'object', properties: bodyProperties, required: required.filter(inBody) } } },
  };
}

function operationOf(route: RestRoute) {
  const { properties, required } = inputProperties(route);
  const inPath = new Set(route.pathParams);
  const inHeader = new Map(route.headerParams.map(({ name, header }) => [name, header]));
  const parameters = Object.entries(properties)
    .filter(([name]) => inPath.has(name) || inHeader.has(name) || !hasBody(route))
    .map(([name, schema]) => ({
      name: inHeader.get(name) ?? name,
      in: inPath.has(name) ? 'path' : inHeader.has(name) ? 'header' : 'query',
      required: inPath.has(name) || required.includes(name),
      description: parameterDescription(route, name, schema, inHeader.get(name)),
      schema,
    }));
  const requestBody = requestBodyOf(route, properties, required, (name) => !inPath.has(name) && !inHeader.has(name));
  const headers = headerRefs(tokenMayCall(route) ? ['X-Request-Id', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'RateLimit-Policy'] : ['X-Request-Id']);
  const paged = route.method === 'GET' && 'page' in properties;
  const signedIn = route.scope !== undefined || route.meta.sessionOnly === true || route.staffRoles !== undefined;
  const status = route.meta.successStatus ?? 200;
  return {
    operationId: route.procedure,
    summary: route.meta.summary,
    description: [route.meta.description, accessOf(route)].filter(Boolean).join('\n\n'),
    tags: route.meta.tags,
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: {
      [String(status)]: { description: status === 201 ? 'Created.' : 'OK.', headers: paged ? { ...headers, ...headerRefs(['Link']) } : headers, content: successContent(route) },
      ...errorResponses(route, headers),
    },
    security: signedIn ? (tokenMayCall(route) ? [{ cookieAuth: [] }, { bearerAuth: [] }] : [{ cookieAuth: [] }]) : [{}, { cookieAuth: [] }, { bearerAuth: [] }],
    ...(route.scope ? { 'x-token-scope': route.scope } : {}),
    ...(route.meta.cli ? { 'x-cli': route.meta.cli } : {}),
    ...(route.meta.sessionOnly ? { 'x-session-only': true } : {}),
  };
}

export interface OpenApiOptions {
  version: string;
  /** The deployment's origin, e.g. https://console.example.eu: the document's server and its links. */
  serverUrl: string;
}

const ERROR_CODE_TABLE = (Object.entries(API_ERROR_CODES) as Array<[ApiErrorCode, { status: number; description: string }]>)
  .map(([code, { status, description }]) => `| \`${code}\` | ${status} | ${description} |`)
  .join('\n');

function errorSchema(): JsonSchema {
  const { $schema: _drop, ...schema } = z.toJSONSchema(apiErrorBodySchema, { target: 'draft-2020-12' }) as JsonSchema;
  return schema;
}

export function openApiDocument(routes: RestRoute[], options: OpenApiOptions) {
  const origin = options.serverUrl.replace(/\/+$/, '');
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    if (route.meta.internal) continue;
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operationOf(route);
  }
  const used = new Set(routes.filter((route) => !route.meta.internal).flatMap((route) => route.meta.tags));
  const tags = [...used].sort((a, b) => a.localeCompare(b)).map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? `Operations of ${name}.` }));
  return {
    openapi: '3.1.0',
    info: {
      title: 'KubeMarket API',
      version: options.version,
      description: [
        'The same operations as the console. Browsers use the session cookie and send the X-CSRF-Token header on changes; scripts send `Authorization: Bearer <token>` with a token created in Settings → API tokens, limited to its scopes (`x-token-scope` on each operation).',
        'Every list pages the same way: `page` (from 1) and `pageSize` in the query, `{ items, page, pageSize, total }` in the answer, and the other pages in the `Link` header (RFC 8288: `first`, `prev`, `next`, `last`). A cluster\'s activity also answers `asOf`, sent back with the next pages so that they stay put while new events arrive.',
        'Every answer carries `X-Request-Id`. Token requests carry `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`: 600 requests a minute per token, then 429 with Retry-After.',
        'Errors answer `{ "message", "code", "requestId" }`, and `fields` (each `{ path, message }`) when the input failed its schema. The codes are a closed set:',
        `| code | status | meaning |\n| --- | --- | --- |\n${ERROR_CODE_TABLE}`,
      ].join('\n\n'),
      // The support address the public pages publish (web features/public/company.ts).
      contact: { name: 'KubeMarket support', url: `${origin}/support`, email: 'support@kubemarket.eu' },
      license: { name: 'KubeMarket terms of service', url: `${origin}/terms` },
    },
    servers: [{ url: origin, description: 'This deployment.' }],
    tags,
    paths,
    components: {
      schemas: { Error: errorSchema() },
      headers: HEADERS,
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API token, `kmt_…`.' },
        cookieAuth: { type: 'apiKey', in: 'cookie', name: '__Host-km_session', description: 'The console session (`km_session` in local development); changes also need the X-CSRF-Token header.' },
      },
    },
  };
}
