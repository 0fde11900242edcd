import type { ApiOperation, SchemaNode } from './openapi-reference';

/** The same call three ways, shown beside each operation of /api-reference (issue 33). */
export interface OperationSnippets {
  curl: string;
  sdk: string;
  /** The `kubemarket` command that does it (`x-cli`), when there is one. */
  cli: string | null;
}

/** A placeholder value of a field's type, for the examples' bodies. */
function sample(node: SchemaNode, name: string): unknown {
  if (node.values?.length) return node.values[0]!.replace(/^"|"$/g, '');
  if (node.type.startsWith('array')) return [];
  if (node.type.startsWith('map') || node.type === 'object') return {};
  if (node.type === 'integer' || node.type === 'number') return 1;
  if (node.type === 'boolean') return true;
  return `<${name}>`;
}

/** The required fields of the body, with placeholders (what the schema below it explains). */
function bodyOf(operation: ApiOperation): Record<string, unknown> | null {
  const body = operation.requestBody;
  if (!body || body.contentType !== 'application/json') return null;
  const fields = (body.schema.fields ?? []).filter((field) => field.required);
  return Object.fromEntries(fields.map((field) => [field.name, sample(field.schema, field.name)]));
}

const headerParameters = (operation: ApiOperation) => operation.parameters.filter((parameter) => parameter.in === 'header');
const requiredQuery = (operation: ApiOperation) => operation.parameters.filter((parameter) => parameter.in === 'query' && parameter.required);
const pathParameters = (operation: ApiOperation) => operation.parameters.filter((parameter) => parameter.in === 'path');

/** A header's example value: a fresh key for an Idempotency-Key, a placeholder otherwise. */
const headerValue = (name: string, shell: boolean) => (/idempotency-key/i.test(name) ? (shell ? '$(uuidgen)' : 'idempotencyKey()') : `<${name}>`);

function curlOf(operation: ApiOperation, baseUrl: string): string {
  const query = requiredQuery(operation).map((parameter) => `${parameter.name}=<${parameter.name}>`);
  const url = `${baseUrl}${operation.path.replace(/\{(\w+)\}/g, '<$1>')}${query.length ? `?${query.join('&')}` : ''}`;
  const lines = [operation.method === 'GET' ? `curl "${url}"` : `curl -X ${operation.method} "${url}"`];
  if (operation.access !== 'public') lines.push('-H "Authorization: Bearer $KUBEMARKET_TOKEN"');
  for (const parameter of headerParameters(operation)) lines.push(`-H "${parameter.name}: ${headerValue(parameter.name, true)}"`);
  const body = bodyOf(operation);
  if (body) lines.push('-H "Content-Type: application/json"', `-d '${JSON.stringify(body)}'`);
  if (operation.requestBody?.contentType === 'multipart/form-data') lines.push('-F "files=@<file>"');
  return lines.join(' \\\n  ');
}

/** A value as TypeScript source: `{ version: '<version>', count: 1 }`. */
function literal(value: unknown): string {
  if (typeof value === 'string') return `'${value}'`;
  if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).map(([key, item]) => `${/^[A-Za-z_$][\w$]*$/.test(key) ? key : `'${key}'`}: ${literal(item)}`);
    return entries.length ? `{ ${entries.join(', ')} }` : '{}';
  }
  return String(value);
}

function sdkOf(operation: ApiOperation, baseUrl: string): string {
  const params: string[] = [];
  const path = pathParameters(operation);
  if (path.length) params.push(`path: { ${path.map((parameter) => `${parameter.name}: '<${parameter.name}>'`).join(', ')} }`);
  const query = requiredQuery(operation);
  if (query.length) params.push(`query: { ${query.map((parameter) => `${parameter.name}: '<${parameter.name}>'`).join(', ')} }`);
  const headers = headerParameters(operation);
  if (headers.length) params.push(`header: { ${headers.map((parameter) => `'${parameter.name}': ${headerValue(parameter.name, false)}`).join(', ')} }`);
  const body = bodyOf(operation);
  const init = [...(params.length ? [`params: { ${params.join(', ')} }`] : []), ...(body ? [`body: ${literal(body)}`] : [])];
  const usesKey = headers.some((parameter) => /idempotency-key/i.test(parameter.name));
  return [
    `import { createClient${usesKey ? ', idempotencyKey' : ''} } from '@kubemarket/sdk';`,
    '',
    `const api = createClient({ baseUrl: '${baseUrl}', token: process.env.KUBEMARKET_TOKEN });`,
    `const answer = await api.${operation.method}('${operation.path}'${init.length ? `, {\n  ${init.join(',\n  ')},\n}` : ''});`,
  ].join('\n');
}

/** curl, the TypeScript SDK and the CLI, for an operation a script may call; null for a console-only one. */
export function snippetsOf(operation: ApiOperation, baseUrl: string): OperationSnippets | null {
  if (operation.access === 'session-only') return null;
  return { curl: curlOf(operation, baseUrl), sdk: sdkOf(operation, baseUrl), cli: operation.cli ?? null };
}
