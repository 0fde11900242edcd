/**
 * Malformed-input cases for worker/test/fuzz.test.ts: pure functions from a REST route or a tRPC
 * procedure (and the JSON schema of its input's properties) to the requests to send. Nothing here
 * talks to the Worker.
 */

/** JSON schema of one input property, as inputProperties() answers it. */
export type PropertySchema = Record<string, unknown>;

export interface FuzzRequest {
  /** Coverage key: `REST GET /api/cluster-tiers/{id}`, `tRPC auth.login` or `tRPC (router)`. */
  target: string;
  /** Every target a request exercises (a tRPC batch names several procedures). Defaults to [target]. */
  targets?: string[];
  /** The family of the case, for the per-kind figures: `malformed-json`, `wrong-type`, … */
  kind: string;
  /** What exactly was sent, short enough to print. */
  label: string;
  method: string;
  /** Path and query string, already encoded (without `query`, when that is given). */
  path: string;
  /**
   * A query string made when the request is sent (encoded, without the `?`): the megabyte-sized
   * tRPC inputs are URL-encoded per send, like the large bodies, instead of being held for the run.
   */
  query?: () => string;
  /**
   * A body, or a function that makes it when the request is sent: the multi-megabyte bodies are
   * built per send so that tens of thousands of cases do not hold gigabytes at once (workerd's heap).
   */
  body?: string | Uint8Array | (() => string);
  /** undefined: application/json when there is a body; null: no Content-Type header at all. */
  contentType?: string | null;
  /** Extra or replacing headers. An empty-string value removes the header. */
  headers?: Record<string, string>;
  /** Do not send the principal's X-CSRF-Token header. */
  omitCsrf?: boolean;
  /** Send none of the principal's cookies (the request's own Cookie header, if any, still goes). */
  omitCookies?: boolean;
  /** Over http:// instead of https://. */
  plainHttp?: boolean;
}

// Strings are immutable and shared: build the large ones once.
export const KB10 = 'k'.repeat(10 * 1024);
export const KB100 = 'h'.repeat(100 * 1024);
export const MB1 = 'm'.repeat(1024 * 1024);
export const MB5 = 'f'.repeat(5 * 1024 * 1024);
const QUERY_64KB = `q=${'q'.repeat(64 * 1024)}`;
export const COOKIE_64KB = `z=${'z'.repeat(64 * 1024)}`;
export const COOKIES_500 = Array.from({ length: 500 }, (_, i) => `c${i}=${i}`).join('; ');

/** Text that is always a string of its own: never a slice that keeps a large parent alive. */
export function detached(text: string): string {
  return JSON.parse(JSON.stringify(text)) as string;
}

/** A request's body or query: its text, or the text its maker answers. */
export const made = (value: string | (() => string)): string => (typeof value === 'function' ? value() : value);

const deepCache = new Map<string, string>();
/** `{"a":{"a":…1…}}` nested `depth` levels (or `[[[…]]]` for arrays). */
export function deepJson(depth: number, shape: 'object' | 'array' = 'object'): string {
  const key = `${shape}:${depth}`;
  let text = deepCache.get(key);
  if (text === undefined) {
    text = shape === 'object' ? '{"a":'.repeat(depth) + '1' + '}'.repeat(depth) : '['.repeat(depth) + ']'.repeat(depth);
    deepCache.set(key, text);
  }
  return text;
}

export const MALFORMED_JSON: Array<[string, string]> = [
  ['{', '{'],
  ['[1,', '[1,'],
  ['"\\u0000 unterminated', '"\\u0000'],
  ['nul', 'nul'],
  ['trailing comma', '{"a":1,}'],
  ['single quotes', "{'a':1}"],
  ['two documents', '{"a":1}{"b":2}'],
  ['NaN literal', '{"a":NaN}'],
  ['lone surrogate escape', '{"a":"\\ud800"}'],
  ['bad escape', '{"a":"\\x41"}'],
  ['BOM then object', '\uFEFF{}'],
  ['only whitespace and NUL', ' \u0000 '],
];

export const NON_OBJECT_JSON: Array<[string, string]> = [
  ['array []', '[]'],
  ['array [{}]', '[{}]'],
  ['string', '"x"'],
  ['null', 'null'],
  ['number', '123'],
  ['boolean', 'true'],
];

const typeOf = (schema: PropertySchema | undefined): string => {
  if (!schema) return 'unknown';
  if (Array.isArray(schema.enum)) return 'enum';
  if (typeof schema.type === 'string') return schema.type;
  if (Array.isArray(schema.type)) return String(schema.type[0]);
  if (Array.isArray(schema.anyOf)) return typeOf((schema.anyOf as PropertySchema[])[0]);
  return 'unknown';
};

/**
 * Values of the wrong type for a property, as raw JSON text (so that `1e400`, which parses to
 * Infinity, can be sent). Every property also gets null, an array and an object.
 */
export function wrongTypeValues(schema: PropertySchema | undefined): Array<[string, string]> {
  const common: Array<[string, string]> = [
    ['null', 'null'],
    ['array', '["x",1]'],
    ['object', '{"$gt":""}'],
  ];
  switch (typeOf(schema)) {
    case 'string':
    case 'enum':
      return [...common, ['number', '123'], ['boolean', 'true'], ['empty string', '""'], ['unknown enum / NUL string', '"\\u0000nope"']];
    case 'integer':
    case 'number':
      return [...common, ['string', '"abc"'], ['numeric string', '"12"'], ['boolean', 'false'], ['1e400 (Infinity)', '1e400'], ['fraction', '1.5'], ['negative', '-1'], ['2^53+1', '9007199254740993']];
    case 'boolean':
      return [...common, ['string', '"true"'], ['number', '1']];
    case 'array':
      return [...common, ['string', '"x"'], ['number', '1'], ['array of nulls', '[null,null]'], ['nested arrays', '[[["x"]]]'], ['10,000 items', JSON.stringify(Array.from({ length: 10_000 }, (_, i) => `s${i}`))]];
    case 'object':
      return [...common, ['string', '"x"'], ['number', '1']];
    default:
      return [...common, ['string', '"x"'], ['number', '1'], ['boolean', 'true']];
  }
}

function objectText(entries: Array<[string, string]>): string {
  return `{${entries.map(([name, raw]) => `${JSON.stringify(name)}:${raw}`).join(',')}}`;
}

export interface Target {
  /** Coverage key. */
  target: string;
  method: string;
  /** Path, without query string. */
  path: string;
  properties: Record<string, PropertySchema>;
}

/**
 * Bodies for a request that takes a JSON object: everything but the target's method, path and
 * coverage key. Shared by REST body routes and tRPC mutations.
 */
export function bodyCases(properties: Record<string, PropertySchema>): Array<Omit<FuzzRequest, 'target' | 'method' | 'path'>> {
  const names = Object.keys(properties);
  const cases: Array<Omit<FuzzRequest, 'target' | 'method' | 'path'>> = [];
  cases.push({ kind: 'no-body', label: 'no body, no Content-Type', contentType: null });
  cases.push({ kind: 'no-body', label: 'empty body, application/json', body: '' });
  cases.push({ kind: 'empty-object', label: '{}', body: '{}' });
  for (const [label, body] of MALFORMED_JSON) cases.push({ kind: 'malformed-json', label, body });
  for (const [label, body] of NON_OBJECT_JSON) cases.push({ kind: 'non-object-json', label, body });
  for (const name of names) {
    for (const [label, raw] of wrongTypeValues(properties[name])) {
      cases.push({ kind: 'wrong-type', label: `${name}: ${label}`, body: objectText([[name, raw]]) });
    }
  }
  // Huge strings: each property at 100 KB, then every property at 1 MB at once.
  for (const name of names) cases.push({ kind: 'huge-string', label: `${name}: 100 KB string`, body: () => objectText([[name, JSON.stringify(KB100)]]) });
  cases.push({
    kind: 'huge-string',
    label: `${names.length ? names.join(', ') : 'padding'}: 1 MB string each`,
    body: () => objectText((names.length ? names : ['padding']).map((name) => [name, JSON.stringify(MB1)])),
  });
  cases.push({ kind: 'huge-body', label: '5 MB JSON body', body: () => objectText([[names[0] ?? 'padding', JSON.stringify(MB5)]]) });
  cases.push({ kind: 'huge-body', label: '5 MB of whitespace then {}', body: () => ' '.repeat(5 * 1024 * 1024) + '{}' });
  // Deep nesting: under an unknown key, under a real property, and as bare arrays.
  for (const depth of [5_000, 100_000]) {
    cases.push({ kind: 'deep-nesting', label: `{"a": …} × ${depth}`, body: deepJson(depth) });
    cases.push({ kind: 'deep-nesting', label: `${names[0] ?? 'x'}: {"a": …} × ${depth}`, body: () => `{${JSON.stringify(names[0] ?? 'x')}:${deepJson(depth)}}` });
    cases.push({ kind: 'deep-nesting', label: `[[…]] × ${depth}`, body: deepJson(depth, 'array') });
  }
  cases.push({ kind: 'deep-nesting', label: 'unterminated [ × 1,000,000', body: () => '['.repeat(1_000_000) });
  // Unknown and prototype-polluting properties.
  cases.push({ kind: 'unknown-props', label: '{"zzz":1}', body: '{"zzz":1}' });
  cases.push({ kind: 'unknown-props', label: '__proto__', body: '{"__proto__":{"polluted":true,"role":"super_admin"}}' });
  cases.push({ kind: 'unknown-props', label: 'constructor.prototype', body: '{"constructor":{"prototype":{"polluted":true}}}' });
  cases.push({ kind: 'unknown-props', label: 'toString / hasOwnProperty', body: '{"toString":1,"hasOwnProperty":"x","valueOf":null}' });
  cases.push({ kind: 'unknown-props', label: 'duplicate keys', body: objectText((names.length ? names : ['a']).flatMap((name) => [[name, '1'], [name, '"x"']] as Array<[string, string]>)) });
  cases.push({ kind: 'unknown-props', label: '1,000 unknown keys', body: objectText(Array.from({ length: 1000 }, (_, i) => [`k${i}`, '1'])) });
  cases.push({ kind: 'unknown-props', label: 'SuperJSON shape {"json":…}', body: objectText([['json', objectText(names.map((name) => [name, '"x"']))], ['meta', '{"values":{}}']]) });
  // Wrong Content-Type, wrong encodings.
  cases.push({ kind: 'content-type', label: 'text/plain {}', body: '{}', contentType: 'text/plain' });
  cases.push({ kind: 'content-type', label: 'form-encoded', body: 'a=1&b=%ZZ&_csrf=nope', contentType: 'application/x-www-form-urlencoded' });
  cases.push({ kind: 'content-type', label: 'multipart, broken', body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1', contentType: 'multipart/form-data; boundary=x' });
  cases.push({ kind: 'content-type', label: 'multipart, no boundary', body: 'junk', contentType: 'multipart/form-data' });
  cases.push({ kind: 'content-type', label: 'octet-stream', body: new Uint8Array([0, 1, 2, 255]), contentType: 'application/octet-stream' });
  cases.push({ kind: 'content-type', label: 'json; charset=utf-16', body: '{}', contentType: 'application/json; charset=utf-16' });
  cases.push({ kind: 'content-type', label: 'invalid UTF-8 bytes', body: new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]) });
  cases.push({ kind: 'content-type', label: 'Content-Encoding: gzip, not gzip', body: '{}', headers: { 'Content-Encoding': 'gzip' } });
  // The CSRF middleware reads `_csrf` from the body when the header is missing.
  cases.push({ kind: 'csrf-body', label: 'no header, malformed JSON body', body: '{"_csrf":', omitCsrf: true });
  cases.push({ kind: 'csrf-body', label: 'no header, _csrf is an object', body: '{"_csrf":{"toString":1}}', omitCsrf: true });
  cases.push({ kind: 'csrf-body', label: 'no header, deep JSON body', body: deepJson(100_000), omitCsrf: true });
  cases.push({ kind: 'csrf-body', label: 'no header, broken multipart', body: '--x\r\n', contentType: 'multipart/form-data; boundary=x', omitCsrf: true });
  return cases;
}

/** Query-string junk for GET and DELETE: `name` is each input property (and some that are not). */
export function queryCases(properties: Record<string, PropertySchema>): Array<{ kind: string; label: string; query: string }> {
  const names = Object.keys(properties);
  const cases: Array<{ kind: string; label: string; query: string }> = [
    { kind: 'query-junk', label: 'limit=abc&limit=1&x[]=1', query: 'limit=abc&limit=1&x[]=1' },
    { kind: 'query-junk', label: '__proto__ and constructor', query: '__proto__=x&constructor=y&__proto__[polluted]=1' },
    { kind: 'query-junk', label: '10 KB name', query: `${KB10}=1` },
    { kind: 'query-junk', label: '64 KB query', query: QUERY_64KB },
    { kind: 'query-junk', label: 'bad percent-encoding', query: 'a=%E0%A4%A&b=%&c=%ZZ' },
    { kind: 'query-junk', label: 'only separators', query: '&&&==&' },
  ];
  for (const name of names) {
    const n = encodeURIComponent(name);
    for (const [label, value] of [
      ['abc', 'abc'],
      ['empty', ''],
      ['10 KB', KB10],
      ['%00', '%00'],
      ['bad percent-encoding', '%E0%A4%A'],
      ['1e400', '1e400'],
      ['-0', '-0'],
      ['NaN', 'NaN'],
      ['true', 'true'],
    ] as const) {
      cases.push({ kind: 'query-junk', label: `${name}=${label}`, query: `${n}=${value}` });
    }
    cases.push({ kind: 'query-junk', label: `${name}[]=1&${name}=2`, query: `${n}[]=1&${n}=2` });
    cases.push({ kind: 'query-junk', label: `${name} repeated 1,000 times`, query: Array.from({ length: 1000 }, (_, i) => `${n}=${i}`).join('&') });
  }
  return cases;
}

/** Junk for `{param}` path segments (already encoded for the URL). */
export const PATH_PARAM_JUNK: Array<[string, string]> = [
  ['x', 'x'],
  ['../../etc (encoded slashes)', '..%2F..%2Fetc'],
  ['%00', '%00'],
  ['10 KB id', KB10],
  ['bad percent-encoding', '%E0%A4%A'],
  ['emoji', '%F0%9F%92%A9'],
  ['SQL', "'%20OR%201=1--"],
  ['__proto__', '__proto__'],
  ['%2e%2e', '%2e%2e'],
  ['space only', '%20'],
];

/** Fills `{param}` segments. */
export function fillPath(path: string, value: string): string {
  return path.replace(/\{\w+\}/g, value);
}

/** tRPC query junk: what goes after `?input=` (raw text, to be URL-encoded). */
export function trpcQueryInputs(properties: Record<string, PropertySchema>): Array<{ kind: string; label: string; input: string | null | (() => string) }> {
  const names = Object.keys(properties);
  const cases: Array<{ kind: string; label: string; input: string | null | (() => string) }> = [
    { kind: 'no-body', label: 'no input parameter', input: null },
    { kind: 'no-body', label: 'input=', input: '' },
    { kind: 'empty-object', label: 'input={}', input: '{}' },
  ];
  for (const [label, input] of MALFORMED_JSON) cases.push({ kind: 'malformed-json', label, input });
  for (const [label, input] of NON_OBJECT_JSON) cases.push({ kind: 'non-object-json', label, input });
  for (const name of names) {
    for (const [label, raw] of wrongTypeValues(properties[name])) cases.push({ kind: 'wrong-type', label: `${name}: ${label}`, input: objectText([[name, raw]]) });
    cases.push({ kind: 'huge-string', label: `${name}: 100 KB string`, input: () => objectText([[name, JSON.stringify(KB100)]]) });
  }
  cases.push({ kind: 'huge-string', label: '1 MB input', input: () => objectText([[names[0] ?? 'padding', JSON.stringify(MB1)]]) });
  for (const depth of [5_000, 100_000]) {
    cases.push({ kind: 'deep-nesting', label: `{"a": …} × ${depth}`, input: () => deepJson(depth) });
    cases.push({ kind: 'deep-nesting', label: `${names[0] ?? 'x'}: {"a": …} × ${depth}`, input: () => `{${JSON.stringify(names[0] ?? 'x')}:${deepJson(depth)}}` });
  }
  cases.push({ kind: 'unknown-props', label: '__proto__', input: '{"__proto__":{"polluted":true}}' });
  cases.push({ kind: 'unknown-props', label: '{"zzz":1}', input: '{"zzz":1}' });
  cases.push({ kind: 'unknown-props', label: 'SuperJSON shape {"json":…}', input: '{"json":{"id":"x"},"meta":{"values":{"id":["undefined"]}}}' });
  return cases;
}

/** Bodies of a tRPC batch POST (`/trpc/p?batch=1`), and query inputs of a batch GET. */
export const TRPC_BATCH_INPUTS: Array<[string, string | (() => string)]> = [
  ['{', '{'],
  ['[] instead of {"0": …}', '[]'],
  ['[{}] instead of {"0": …}', '[{}]'],
  ['"x"', '"x"'],
  ['null', 'null'],
  ['{"0": "x"}', '{"0":"x"}'],
  ['{"0": null}', '{"0":null}'],
  ['{"0": [1]}', '{"0":[1]}'],
  ['index out of range {"7": {}}', '{"7":{}}'],
  ['negative index {"-1": {}}', '{"-1":{}}'],
  ['{"__proto__": {}}', '{"__proto__":{"0":{}}}'],
  ['{"0": {"json": …}} (SuperJSON)', '{"0":{"json":{"x":1},"meta":{"values":{"x":["Date"]}}}}'],
  ['{"0": deep × 100,000}', () => `{"0":${deepJson(100_000)}}`],
];

/** Procedure names that do not exist, or that poke at the router's objects. */
export const UNKNOWN_PROCEDURES: Array<[string, string]> = [
  ['nope', 'nope'],
  ['nope.nope', 'nope.nope'],
  ['__proto__', '__proto__'],
  ['constructor', 'constructor'],
  ['toString', 'toString'],
  ['hasOwnProperty', 'hasOwnProperty'],
  ['auth (a router, not a procedure)', 'auth'],
  ['auth.__proto__', 'auth.__proto__'],
  ['auth.login.constructor', 'auth.login.constructor'],
  ['_def', '_def'],
  ['_def.procedures', '_def.procedures'],
  ['.', '.'],
  ['..', '..'],
  ['empty', ''],
  ['%00', '%00'],
  ['bad percent-encoding', '%E0%A4%A'],
  ['10 KB name', KB10],
  ['emoji', '%F0%9F%92%A9'],
];
