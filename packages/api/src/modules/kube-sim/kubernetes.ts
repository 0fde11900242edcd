/**
 * The Kubernetes API's own shapes the simulated API server answers in (ADR 32): Status errors,
 * server-side Tables (what `kubectl get` asks for), ages as kubectl prints them, label and field
 * selectors, and discovery. Pure functions, so they run in Node tests and in workerd alike.
 */

export interface KubeAnswer {
  status: number;
  contentType: string;
  body: string;
}

const JSON_TYPE = 'application/json';

export function jsonAnswer(value: unknown, status = 200, contentType = JSON_TYPE): KubeAnswer {
  return { status, contentType, body: JSON.stringify(value) };
}

const REASONS: Record<number, string> = {
  400: 'BadRequest',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  405: 'MethodNotAllowed',
  503: 'ServiceUnavailable',
};

/** A `Status` failure, as the API server answers every error (kubectl prints `message`, and reads `reason`). */
export function statusAnswer(code: keyof typeof REASONS, message: string, details?: { name?: string; kind?: string }): KubeAnswer {
  return jsonAnswer(
    { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason: REASONS[code], ...(details ? { details } : {}), code },
    code,
  );
}

/** What refuses every change: the simulated API server serves reads only. */
export const READ_ONLY = 'this simulated cluster is read-only';

export function notFound(resource?: string, name?: string): KubeAnswer {
  return resource && name
    ? statusAnswer(404, `${resource} "${name}" not found`, { name, kind: resource })
    : statusAnswer(404, 'the server could not find the requested resource');
}

/** RFC 3339 to the second, as Kubernetes writes times. */
export function kubeTime(epochMs: number): string {
  return new Date(Math.floor(epochMs / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

/** k8s.io/apimachinery's duration.HumanDuration: the AGE kubectl prints ("45s", "3m12s", "5h", "12d"). */
export function humanDuration(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  if (seconds < -1) return '<invalid>';
  if (seconds < 0) return '0s';
  if (seconds < 120) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 10) return seconds % 60 === 0 ? `${minutes}m` : `${minutes}m${seconds % 60}s`;
  if (minutes < 180) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 8) return minutes % 60 === 0 ? `${hours}h` : `${hours}h${minutes % 60}m`;
  if (hours < 48) return `${hours}h`;
  if (hours < 24 * 8) return hours % 24 === 0 ? `${Math.floor(hours / 24)}d` : `${Math.floor(hours / 24)}d${hours % 24}h`;
  if (hours < 24 * 365 * 2) return `${Math.floor(hours / 24)}d`;
  const years = Math.floor(hours / 24 / 365);
  if (hours < 24 * 365 * 8) {
    const days = Math.floor(hours / 24) % 365;
    return days === 0 ? `${years}y` : `${years}y${days}d`;
  }
  return `${years}y`;
}

// ------------------------------------------------------------------------------------------------
// Tables

export interface TableColumn {
  name: string;
  type: 'string' | 'integer';
  format?: 'name' | 'date';
  description: string;
  /** 0: shown by `kubectl get`; 1: only with `-o wide`. */
  priority: 0 | 1;
}

/** An object as a list or a Table row sees it: its metadata and the cells of its row. */
export interface KubeObject {
  metadata: { name: string; namespace?: string; uid: string; resourceVersion: string; creationTimestamp: string; labels?: Record<string, string> };
  [key: string]: unknown;
}

export interface KubeResource<T extends KubeObject> {
  /** Plural, as in the path: "nodes". */
  name: string;
  kind: string;
  namespaced: boolean;
  shortNames: string[];
  columns: TableColumn[];
  cells(object: T, now: number): Array<string | number>;
  /** Field selectors this resource accepts (metadata.name and metadata.namespace always). */
  fields: Record<string, (object: T) => string | undefined>;
}

/**
 * The Table media type a client asked for, or null: kubectl sends
 * `application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json`.
 */
export function tableVersionOf(accept: string | null | undefined): 'v1' | 'v1beta1' | null {
  const offered = (accept ?? '').split(',').map((part) => part.split(';').map((parameter) => parameter.trim()));
  for (const version of ['v1', 'v1beta1'] as const) {
    const wanted = offered.some((parameters) => parameters.includes('as=Table') && parameters.includes(`v=${version}`) && parameters.includes('g=meta.k8s.io'));
    if (wanted) return version;
  }
  return null;
}

export function tableAnswer<T extends KubeObject>(resource: KubeResource<T>, objects: T[], version: 'v1' | 'v1beta1', resourceVersion: string, now: number): KubeAnswer {
  return jsonAnswer(
    {
      kind: 'Table',
      apiVersion: `meta.k8s.io/${version}`,
      metadata: { resourceVersion },
      columnDefinitions: resource.columns.map((column) => ({ format: '', ...column })),
      rows: objects.map((object) => ({
        cells: resource.cells(object, now),
        // kubectl reads the namespace (for -A) and the labels (for -L and --show-labels) from here.
        object: { kind: 'PartialObjectMetadata', apiVersion: `meta.k8s.io/${version}`, metadata: object.metadata },
      })),
    },
    200,
    `application/json;as=Table;v=${version};g=meta.k8s.io`,
  );
}

export function listAnswer<T extends KubeObject>(resource: KubeResource<T>, objects: T[], resourceVersion: string): KubeAnswer {
  // Like the API server's, list items carry no kind or apiVersion: the list's say what they are.
  const items = objects.map(({ kind: _kind, apiVersion: _apiVersion, ...rest }) => rest);
  return jsonAnswer({ kind: `${resource.kind}List`, apiVersion: 'v1', metadata: { resourceVersion }, items });
}

// ------------------------------------------------------------------------------------------------
// Selectors

type Requirement = { key: string; op: '=' | '!=' | 'exists' | '!exists'; value?: string };

class SelectorError extends Error {}

function parseSelector(selector: string, kind: 'label' | 'field'): Requirement[] {
  return selector
    .split(',')
    .map((term) => term.trim())
    .filter(Boolean)
    .map((term): Requirement => {
      const match = /^([^=!\s]+)\s*(==|!=|=)\s*(\S*)$/.exec(term);
      if (match) return { key: match[1]!, op: match[2] === '!=' ? '!=' : '=', value: match[3]! };
      if (kind === 'label' && /^!?[\w./-]+$/.test(term)) return term.startsWith('!') ? { key: term.slice(1), op: '!exists' } : { key: term, op: 'exists' };
      throw new SelectorError(`unable to parse requirement: "${term}"`);
    });
}

function matches(requirements: Requirement[], valueOf: (key: string) => string | undefined): boolean {
  return requirements.every(({ key, op, value }) => {
    const actual = valueOf(key);
    if (op === 'exists') return actual !== undefined;
    if (op === '!exists') return actual === undefined;
    if (op === '=') return actual === value;
    return actual !== value;
  });
}

/** Applies `labelSelector` and `fieldSelector`; an unparsable one or an unknown field is a 400, as the API server says. */
export function selectObjects<T extends KubeObject>(resource: KubeResource<T>, objects: T[], query: URLSearchParams): T[] | KubeAnswer {
  let labels: Requirement[];
  let fields: Requirement[];
  try {
    labels = parseSelector(query.get('labelSelector') ?? '', 'label');
    fields = parseSelector(query.get('fieldSelector') ?? '', 'field');
  } catch (error) {
    if (error instanceof SelectorError) return statusAnswer(400, error.message);
    throw error;
  }
  const getters: Record<string, (object: T) => string | undefined> = {
    'metadata.name': (object) => object.metadata.name,
    'metadata.namespace': (object) => object.metadata.namespace,
    ...resource.fields,
  };
  const unknown = fields.find((field) => !getters[field.key]);
  if (unknown) return statusAnswer(400, `field label not supported: ${unknown.key}`);
  return objects.filter((object) => matches(labels, (key) => object.metadata.labels?.[key]) && matches(fields, (key) => getters[key]!(object)));
}

// ------------------------------------------------------------------------------------------------
// Discovery

/** GET /api: the core group's versions (the legacy discovery form, which every kubectl reads). */
export function coreVersions(serverAddress: string) {
  return { kind: 'APIVersions', versions: ['v1'], serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress }] };
}

/** GET /apis: no named group is served. */
export const API_GROUPS = { kind: 'APIGroupList', apiVersion: 'v1', groups: [] };

/** GET /api/v1: the resources served, read-only. */
export function coreResources(resources: Array<Pick<KubeResource<KubeObject>, 'name' | 'kind' | 'namespaced' | 'shortNames'>>) {
  return {
    kind: 'APIResourceList',
    groupVersion: 'v1',
    resources: resources.map((resource) => ({
      name: resource.name,
      singularName: resource.kind.toLowerCase(),
      namespaced: resource.namespaced,
      kind: resource.kind,
      verbs: ['get', 'list'],
      shortNames: resource.shortNames,
      ...(resource.name === 'pods' ? { categories: ['all'] } : {}),
    })),
  };
}
