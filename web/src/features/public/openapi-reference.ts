/**
 * Reads the server's OpenAPI 3.1 document (/api/openapi.json) into what the API reference page
 * shows: operations grouped by tag, and JSON Schemas flattened into rows of fields. Pure, so it
 * is tested in Node against small fixture documents.
 */

type JsonObject = Record<string, unknown>;
/** JSON Schema 2020-12 (what OpenAPI 3.1 embeds): an object, or `true`/`false`. */
export type JsonSchema = JsonObject | boolean;

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  servers?: Array<{ url: string; description?: string }>;
  tags?: Array<{ name: string; description?: string }>;
  paths: Record<string, JsonObject>;
  components?: {
    schemas?: Record<string, JsonSchema>;
    securitySchemes?: Record<string, JsonObject>;
    [section: string]: unknown;
  };
  security?: Array<Record<string, string[]>>;
}

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** A schema as the page shows it. */
export interface SchemaNode {
  /** Readable type: "string", "integer", "array of object", "map of string to integer". */
  type: string;
  nullable: boolean;
  /** The component name when the schema came through a `$ref`, e.g. "Error". */
  title?: string;
  description?: string;
  /** Allowed values (enum or const), as text. */
  values?: string[];
  /** Format, bounds, pattern and default as short phrases. */
  details: string[];
  /** Fields of an object, or of the items (or values) of an array (or map) of objects. */
  fields?: SchemaField[];
  /** Alternatives of a union whose members are not all plain values. */
  variants?: SchemaNode[];
}

export interface SchemaField {
  name: string;
  required: boolean;
  schema: SchemaNode;
}

export interface ApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  description?: string;
  schema: SchemaNode;
}

/** Who may call an operation, read from its `security` requirements. */
export type Access = 'public' | 'session-or-token' | 'session-only';

export interface ApiOperation {
  /** Unique in the document: the operationId, or "METHOD path". */
  key: string;
  method: HttpMethod;
  path: string;
  summary: string;
  description?: string;
  deprecated: boolean;
  access: Access;
  /** The API-token scope the operation needs (`x-token-scope`). */
  scope?: string;
  /** The `kubemarket` CLI command that does the same (`x-cli`). */
  cli?: string;
  parameters: ApiParameter[];
  requestBody: { required: boolean; contentType: string; schema: SchemaNode } | null;
  /** The success answer; a null schema means no body (204) or an undocumented one. */
  response: { status: string; description?: string; contentType?: string; schema: SchemaNode | null } | null;
  /** Statuses of the documented failures, e.g. ["400", "401", "404"]. */
  errorStatuses: string[];
}

export interface TagGroup {
  name: string;
  description?: string;
  /** Element id of the group's section. */
  anchor: string;
  operations: ApiOperation[];
}

export interface ApiReference {
  title: string;
  version: string;
  description?: string;
  /** Base URL the paths are relative to, when the document names one. */
  serverUrl?: string;
  groups: TagGroup[];
  /** Every failure status the operations document, with its first description. */
  errors: Array<{ status: string; description?: string }>;
  /** Name of the session cookie (`cookieAuth` scheme), when documented. */
  sessionCookieName?: string;
}

const UNTAGGED = 'Other';

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/** Throws when the JSON is not an OpenAPI 3 document, so the page shows an error, not nonsense. */
export function assertOpenApiDocument(value: unknown): asserts value is OpenApiDocument {
  if (!isObject(value) || typeof value.openapi !== 'string' || !value.openapi.startsWith('3.') || !isObject(value.paths)) {
    throw new Error('The API description is not an OpenAPI 3 document.');
  }
}

/** Follows a local JSON pointer (`#/components/schemas/Error`) inside `root`. */
export function resolvePointer(root: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  const segments = ref
    .slice(1)
    .split('/')
    .filter((segment, index) => index > 0 || segment !== '')
    .map((segment) => decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~'));
  let current: unknown = root;
  for (const segment of segments) {
    if (!isObject(current) && !Array.isArray(current)) return undefined;
    current = (current as Record<string, unknown>)[segment];
    if (current === undefined) return undefined;
  }
  return current;
}

/** `$ref` objects of parameters, request bodies and responses, followed at most a few times. */
function deref(document: OpenApiDocument, value: unknown): JsonObject | undefined {
  let current = value;
  for (let hops = 0; hops < 8 && isObject(current) && typeof current.$ref === 'string'; hops += 1) {
    current = resolvePointer(document, current.$ref);
  }
  return isObject(current) ? current : undefined;
}

function refName(ref: string): string {
  return ref.split('/').at(-1)?.replace(/~1/g, '/').replace(/~0/g, '~') ?? ref;
}

function formatValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

function range(min: unknown, max: unknown, unit: string): string | undefined {
  const low = typeof min === 'number' ? min : undefined;
  const high = typeof max === 'number' ? max : undefined;
  if (low !== undefined && high !== undefined) return low === high ? plural(low, unit) : `${low}–${high} ${unit}s`;
  if (low !== undefined && low > 0) return `at least ${plural(low, unit)}`;
  if (high !== undefined) return `at most ${plural(high, unit)}`;
  return undefined;
}

function detailsOf(schema: JsonObject): string[] {
  const details: string[] = [];
  const format = text(schema.format);
  if (format) details.push(`format ${format}`);
  const length = range(schema.minLength, schema.maxLength, 'character');
  if (length) details.push(length);
  // zod 4 gives every integer the safe-integer bounds; they say nothing to a reader.
  const bound = (value: unknown): value is number => typeof value === 'number' && Math.abs(value) < Number.MAX_SAFE_INTEGER;
  if (bound(schema.minimum)) details.push(`≥ ${schema.minimum}`);
  if (bound(schema.exclusiveMinimum)) details.push(`> ${schema.exclusiveMinimum}`);
  if (bound(schema.maximum)) details.push(`≤ ${schema.maximum}`);
  if (bound(schema.exclusiveMaximum)) details.push(`< ${schema.exclusiveMaximum}`);
  const items = range(schema.minItems, schema.maxItems, 'item');
  if (items) details.push(items);
  if (schema.uniqueItems === true) details.push('unique items');
  const pattern = text(schema.pattern);
  if (pattern) details.push(`pattern ${pattern}`);
  if (schema.default !== undefined) details.push(`default ${JSON.stringify(schema.default)}`);
  if (schema.deprecated === true) details.push('deprecated');
  return details;
}

function primitiveType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function joinTypes(types: string[]): string {
  return [...new Set(types)].join(' or ');
}

/** The readable type with its nullability: "string or null". */
export function typeLabel(node: SchemaNode): string {
  return node.nullable && node.type !== 'null' ? `${node.type} or null` : node.type;
}

const MAX_DEPTH = 12;

interface DescribeContext {
  document: OpenApiDocument | undefined;
  /** The outermost schema, for `#/$defs/…` references that z.toJSONSchema emits. */
  root: JsonSchema;
  /** References being expanded, to stop on recursive schemas. */
  expanding: string[];
  depth: number;
}

function lookupRef(ref: string, context: DescribeContext): JsonSchema | undefined {
  const fromDocument = context.document ? resolvePointer(context.document, ref) : undefined;
  const found = fromDocument ?? resolvePointer(context.root, ref);
  return isObject(found) || typeof found === 'boolean' ? found : undefined;
}

function mergeAllOf(parts: JsonSchema[], context: DescribeContext): JsonObject {
  const merged: JsonObject = { type: 'object', properties: {}, required: [] };
  for (const part of parts) {
    let schema = part;
    if (isObject(schema) && typeof schema.$ref === 'string') schema = lookupRef(schema.$ref, context) ?? {};
    if (!isObject(schema)) continue;
    const { properties, required, type, ...rest } = schema;
    Object.assign(merged, rest);
    if (isObject(properties)) Object.assign(merged.properties as JsonObject, properties);
    if (Array.isArray(required)) (merged.required as unknown[]).push(...required);
    if (type !== undefined && type !== 'object') merged.type = type;
  }
  return merged;
}

function describe(schema: JsonSchema | undefined, context: DescribeContext): SchemaNode {
  if (schema === undefined || schema === true) return { type: 'any', nullable: false, details: [] };
  if (schema === false) return { type: 'never', nullable: false, details: [] };
  if (context.depth > MAX_DEPTH) return { type: typeof schema.type === 'string' ? schema.type : 'object', nullable: false, details: [] };
  const inner: DescribeContext = { ...context, depth: context.depth + 1 };
  const description = text(schema.description);

  if (typeof schema.$ref === 'string') {
    const ref = schema.$ref;
    const name = refName(ref);
    const target = lookupRef(ref, context);
    if (context.expanding.includes(ref) || target === undefined) {
      return { type: name, title: name, nullable: false, description, details: [] };
    }
    const node = describe(target, { ...inner, expanding: [...context.expanding, ref] });
    return { ...node, title: node.title ?? name, description: description ?? node.description };
  }

  if (Array.isArray(schema.allOf) && schema.allOf.length > 0) {
    const { allOf, ...rest } = schema;
    const node = allOf.length === 1 && Object.keys(rest).length === 0 ? describe(allOf[0] as JsonSchema, inner) : describe(mergeAllOf([rest, ...(allOf as JsonSchema[])], context), inner);
    return { ...node, description: description ?? node.description };
  }

  const union = (Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : undefined) as JsonSchema[] | undefined;
  if (union) return describeUnion(union, schema, description, inner);

  const declared = Array.isArray(schema.type) ? (schema.type as unknown[]).map(String) : typeof schema.type === 'string' ? [schema.type] : [];
  const nullable = declared.includes('null') || schema.nullable === true;
  const types = declared.filter((type) => type !== 'null');
  const details = detailsOf(schema);

  if ('const' in schema) {
    return { type: types[0] ?? primitiveType(schema.const), nullable, description, values: [formatValue(schema.const)], details };
  }
  if (Array.isArray(schema.enum)) {
    const values = schema.enum.filter((value) => value !== null);
    return {
      type: types.length ? joinTypes(types) : joinTypes(values.map(primitiveType)) || 'null',
      nullable: nullable || values.length < schema.enum.length,
      description,
      values: values.map(formatValue),
      details,
    };
  }

  const isArray = types.includes('array') || (types.length === 0 && (schema.items !== undefined || Array.isArray(schema.prefixItems)));
  if (isArray && types.length <= 1) {
    if (Array.isArray(schema.prefixItems)) {
      const members = (schema.prefixItems as JsonSchema[]).map((item) => describe(item, inner));
      return { type: `tuple of ${members.map(typeLabel).join(', ')}`, nullable, description, details };
    }
    const item = describe(schema.items as JsonSchema | undefined, inner);
    return {
      type: `array of ${typeLabel(item)}`,
      nullable,
      description,
      values: item.values,
      details: [...details, ...item.details.map((detail) => `each item: ${detail}`)],
      fields: item.fields,
      variants: item.variants,
    };
  }

  const isObjectSchema = types.includes('object') || (types.length === 0 && (isObject(schema.properties) || isObject(schema.additionalProperties)));
  if (isObjectSchema && types.length <= 1) {
    const properties = isObject(schema.properties) ? schema.properties : {};
    const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
    const fields = Object.entries(properties).map(([name, property]) => ({
      name,
      required: required.has(name),
      schema: describe(property as JsonSchema, inner),
    }));
    if (fields.length === 0 && isObject(schema.additionalProperties)) {
      const value = describe(schema.additionalProperties, inner);
      return {
        type: `map of string to ${typeLabel(value)}`,
        nullable,
        description,
        values: value.values,
        details: [...details, ...value.details.map((detail) => `each value: ${detail}`)],
        fields: value.fields,
        variants: value.variants,
      };
    }
    return { type: 'object', nullable, description, details, ...(fields.length ? { fields } : {}) };
  }

  return { type: types.length ? joinTypes(types) : 'any', nullable, description, details };
}

function describeUnion(parts: JsonSchema[], schema: JsonObject, description: string | undefined, context: DescribeContext): SchemaNode {
  const isNull = (part: JsonSchema) => isObject(part) && (part.type === 'null' || ('const' in part && part.const === null));
  const members = parts.filter((part) => !isNull(part));
  const nullable = members.length < parts.length;
  const ownDetails = detailsOf(schema);
  if (members.length === 0) return { type: 'null', nullable: false, description, details: ownDetails };
  if (members.length === 1) {
    const node = describe(members[0], context);
    return { ...node, nullable: nullable || node.nullable, description: description ?? node.description, details: [...ownDetails, ...node.details] };
  }
  const nodes = members.map((member) => describe(member, context));
  const plain = nodes.every((node) => !node.fields && !node.variants);
  if (plain && nodes.every((node) => node.values)) {
    return {
      type: joinTypes(nodes.map((node) => node.type)),
      nullable: nullable || nodes.some((node) => node.nullable),
      description,
      values: nodes.flatMap((node) => node.values ?? []),
      details: ownDetails,
    };
  }
  if (plain) {
    const memberDetails = nodes.flatMap((node) => node.details.map((detail) => `${detail} (${typeLabel(node)})`));
    return { type: joinTypes(nodes.map(typeLabel)), nullable, description, details: [...ownDetails, ...memberDetails] };
  }
  return { type: `one of ${nodes.length} shapes`, nullable, description, details: ownDetails, variants: nodes };
}

/**
 * Flattens a JSON Schema into a node whose `fields` are the rows of a table (nested objects keep
 * their own `fields`). `$ref`s are followed in `document` (OpenAPI components) or in the schema's
 * own `$defs`; recursive references stop at the second visit.
 */
export function describeSchema(schema: JsonSchema | undefined, document?: OpenApiDocument): SchemaNode {
  return describe(schema, { document, root: schema ?? true, expanding: [], depth: 0 });
}

function accessOf(operation: JsonObject, document: OpenApiDocument): Access {
  const requirements = (Array.isArray(operation.security) ? operation.security : document.security ?? []) as unknown[];
  if (requirements.length === 0 || requirements.some((requirement) => isObject(requirement) && Object.keys(requirement).length === 0)) return 'public';
  const schemes = document.components?.securitySchemes ?? {};
  const names = requirements.flatMap((requirement) => (isObject(requirement) ? Object.keys(requirement) : []));
  const bearer = names.some((name) => {
    const scheme = schemes[name];
    return isObject(scheme) && scheme.type === 'http' && String(scheme.scheme).toLowerCase() === 'bearer';
  });
  return bearer ? 'session-or-token' : 'session-only';
}

function parametersOf(pathItem: JsonObject, operation: JsonObject, document: OpenApiDocument): ApiParameter[] {
  const byKey = new Map<string, JsonObject>();
  for (const list of [pathItem.parameters, operation.parameters]) {
    if (!Array.isArray(list)) continue;
    for (const entry of list) {
      const parameter = deref(document, entry);
      if (parameter && typeof parameter.name === 'string' && typeof parameter.in === 'string') byKey.set(`${parameter.in}:${parameter.name}`, parameter);
    }
  }
  const order = { path: 0, query: 1, header: 2, cookie: 3 } as const;
  return [...byKey.values()]
    .map((parameter) => {
      const schema = describeSchema(parameter.schema as JsonSchema | undefined, document);
      const location = parameter.in as ApiParameter['in'];
      return {
        name: parameter.name as string,
        in: location,
        required: parameter.required === true || location === 'path',
        description: text(parameter.description) ?? schema.description,
        schema,
      };
    })
    .sort((a, b) => (order[a.in] ?? 9) - (order[b.in] ?? 9));
}

/** The JSON media type of a content map, else its first one. */
function pickContent(content: unknown): { contentType: string; schema: JsonSchema | undefined } | undefined {
  if (!isObject(content)) return undefined;
  const types = Object.keys(content);
  const contentType = types.find((type) => /^application\/([\w.+-]+\+)?json\b/.test(type)) ?? types[0];
  if (!contentType) return undefined;
  const media = content[contentType];
  return { contentType, schema: isObject(media) ? (media.schema as JsonSchema | undefined) : undefined };
}

function requestBodyOf(operation: JsonObject, document: OpenApiDocument): ApiOperation['requestBody'] {
  const body = deref(document, operation.requestBody);
  const content = body ? pickContent(body.content) : undefined;
  if (!body || !content) return null;
  return { required: body.required === true, contentType: content.contentType, schema: describeSchema(content.schema, document) };
}

const SUCCESS_ORDER = ['200', '201', '202', '204', '2XX', '2xx'];

function responsesOf(operation: JsonObject, document: OpenApiDocument): Pick<ApiOperation, 'response' | 'errorStatuses'> {
  const responses = isObject(operation.responses) ? operation.responses : {};
  const statuses = Object.keys(responses);
  const success = SUCCESS_ORDER.find((status) => statuses.includes(status)) ?? statuses.find((status) => status.startsWith('2'));
  let response: ApiOperation['response'] = null;
  if (success) {
    const answer = deref(document, responses[success]);
    const content = answer ? pickContent(answer.content) : undefined;
    response = {
      status: success,
      description: text(answer?.description),
      contentType: content?.contentType,
      schema: content ? describeSchema(content.schema, document) : null,
    };
  }
  const errorStatuses = statuses.filter((status) => /^[45]/.test(status)).sort();
  return { response, errorStatuses };
}

function slug(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Operations of the document, grouped by tag in the order of the document's `tags`. */
export function buildApiReference(document: OpenApiDocument): ApiReference {
  const groups = new Map<string, TagGroup>();
  const usedAnchors = new Set<string>();
  const groupFor = (name: string) => {
    let group = groups.get(name);
    if (!group) {
      let anchor = `tag-${slug(name) || 'group'}`;
      for (let suffix = 2; usedAnchors.has(anchor); suffix += 1) anchor = `tag-${slug(name) || 'group'}-${suffix}`;
      usedAnchors.add(anchor);
      const declared = document.tags?.find((tag) => tag.name === name);
      group = { name, description: text(declared?.description), anchor, operations: [] };
      groups.set(name, group);
    }
    return group;
  };
  // Declared tags first, in their order, even before their first operation.
  for (const tag of document.tags ?? []) if (typeof tag.name === 'string') groupFor(tag.name);

  const errors = new Map<string, string | undefined>();
  for (const [path, rawItem] of Object.entries(document.paths)) {
    const pathItem = deref(document, rawItem);
    if (!pathItem) continue;
    for (const [key, rawOperation] of Object.entries(pathItem)) {
      const method = key.toUpperCase() as HttpMethod;
      if (!HTTP_METHODS.includes(method) || !isObject(rawOperation)) continue;
      const operation = rawOperation;
      const { response, errorStatuses } = responsesOf(operation, document);
      const responses = isObject(operation.responses) ? operation.responses : {};
      for (const status of errorStatuses) {
        if (!errors.has(status) || errors.get(status) === undefined) errors.set(status, text(deref(document, responses[status])?.description));
      }
      const scope = text(operation['x-token-scope']);
      const cli = text(operation['x-cli']);
      const entry: ApiOperation = {
        key: text(operation.operationId) ?? `${method} ${path}`,
        method,
        path,
        summary: text(operation.summary) ?? `${method} ${path}`,
        description: text(operation.description),
        deprecated: operation.deprecated === true,
        access: accessOf(operation, document),
        ...(scope ? { scope } : {}),
        ...(cli ? { cli } : {}),
        parameters: parametersOf(pathItem, operation, document),
        requestBody: requestBodyOf(operation, document),
        response,
        errorStatuses,
      };
      const tags = Array.isArray(operation.tags) ? operation.tags.filter((tag): tag is string => typeof tag === 'string' && tag.trim() !== '') : [];
      for (const tag of tags.length ? [...new Set(tags)] : [UNTAGGED]) groupFor(tag).operations.push(entry);
    }
  }

  const cookieScheme = Object.values(document.components?.securitySchemes ?? {}).find((scheme) => isObject(scheme) && scheme.type === 'apiKey' && scheme.in === 'cookie');
  return {
    title: text(document.info?.title) ?? 'API',
    version: text(document.info?.version) ?? '',
    description: text(document.info?.description),
    serverUrl: text(document.servers?.[0]?.url),
    groups: [...groups.values()].filter((group) => group.operations.length > 0),
    errors: [...errors.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([status, description]) => ({ status, ...(description ? { description } : {}) })),
    sessionCookieName: cookieScheme ? text(cookieScheme.name) : undefined,
  };
}

/** A signed-in GET without path parameters, to show in the curl example; null when there is none. */
export function exampleOperation(reference: ApiReference): ApiOperation | null {
  for (const group of reference.groups) {
    for (const operation of group.operations) {
      if (operation.method === 'GET' && operation.access === 'session-or-token' && !operation.path.includes('{')) return operation;
    }
  }
  return null;
}
