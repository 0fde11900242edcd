/**
 * Test only: a local stand-in for the parts of the Gardener API the adapter uses (ADR 7), served
 * as a fetch function so tests need no network port. It checks every request the way the garden
 * cluster's API server and Gardener's admission plugins would (Bearer token, path, namespace,
 * method, content type, the Shoot's required fields and Gardener's validation rules, the deletion
 * confirmation, AdminKubeconfigRequest bounds) and answers with Kubernetes shapes: `Status`
 * objects for errors, `resourceVersion` and `generation` on every change, real x509 kubeconfigs.
 *
 * A request the real API would refuse is also recorded in `violations`, which a test asserts to
 * be empty: the adapter must never send one. A missing Shoot (404 on GET) or an existing one (409
 * on create) are answers, not violations.
 *
 * Gardener's own work (gardenlet) is driven by the test with `setLastOperation`, which moves the
 * Shoot's status as the gardenlet would: observed generation, advertised addresses, hibernation,
 * credential rotation phases, and the end of a deletion.
 */
import 'reflect-metadata';
import type { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { stringify as toYaml } from 'yaml';
import { admit, applyDefaults, AUTH_API_VERSION, CONFIRM_DELETION, CORE, forbidden, forbiddenShoot, invalid, invalidShoot, isInteger, isObject, isString, json, MAX_UINT32, mergePatch, MIN_EXPIRATION_SECONDS, notFound, OPERATION, Refusal, SHOOT_API_VERSION, statusBody, validateShoot, validateUpdate, type FakeRequest, type Json } from './gardener-rules';
import type { CloudProfile, LastError, LastOperation, Shoot, ShootAccess, ShootStatus } from '../../platform/provisioner/gardener';
import { shootApiFetch, type FakeShootObjects } from './gardener-shoot-api';

export type { FakeRequest } from './gardener-rules';
export type { FakeShootObjects } from './gardener-shoot-api';

type CryptoKeyPair = webcrypto.CryptoKeyPair;
type CryptoKey = webcrypto.CryptoKey;

/** gardener-apiserver's --shoot-admin-kubeconfig-max-expiration default. */
export const DEFAULT_MAX_EXPIRATION_SECONDS = 24 * 3600;
const SIGNING = { name: 'ECDSA', hash: 'SHA-256' } as const;
const KEY_ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256' } as const;

export const FAKE_CLOUD_PROFILE_NAME = 'kubemarket';

/** A CloudProfile like a landscape's: three regions of three zones, versions in every classification. */
export function fakeCloudProfile(): CloudProfile {
  const zones = (region: string) => ['a', 'b', 'c'].map((zone) => ({ name: `${region}${zone}` }));
  return {
    kind: 'CloudProfile',
    metadata: { name: FAKE_CLOUD_PROFILE_NAME },
    spec: {
      type: 'openstack',
      kubernetes: {
        versions: [
          { version: '1.38.0', classification: 'preview' },
          { version: '1.37.1', classification: 'supported' },
          { version: '1.36.4', classification: 'supported' },
          { version: '1.35.8', classification: 'deprecated', expirationDate: '2099-06-30T23:59:59Z' },
          { version: '1.34.9', classification: 'deprecated', expirationDate: '2020-01-31T23:59:59Z' },
        ],
      },
      machineImages: [{ name: 'gardenlinux', versions: [{ version: '1877.3.0' }, { version: '1592.9.0' }] }],
      machineTypes: [
        { name: 'gp-2-8', cpu: '2', gpu: '0', memory: '8Gi', usable: true },
        { name: 'gp-4-16', cpu: '4', gpu: '0', memory: '16Gi', usable: true },
        { name: 'gp-8-32', cpu: '8', gpu: '0', memory: '32768Mi', usable: true },
        { name: 'c-4-8', cpu: '4000m', gpu: '0', memory: '8Gi', usable: true },
        { name: 'gpu-l4-1', cpu: '8', gpu: '1', memory: '48Gi', usable: true },
        { name: 'legacy-1-2', cpu: '1', gpu: '0', memory: '2Gi', usable: false },
      ],
      regions: [
        { name: 'fr-par-1', zones: zones('fr-par-1') },
        { name: 'de-fra-1', zones: zones('de-fra-1') },
        { name: 'nl-ams-1', zones: zones('nl-ams-1') },
      ],
    },
  };
}

export interface FakeLastOperation {
  type: LastOperation['type'];
  state: LastOperation['state'];
  progress: number;
  description?: string;
}

export interface FakeGardenerOptions {
  token: string;
  namespace: string;
  /** Clock for timestamps and certificates (default Date.now). */
  now?: () => number;
  cloudProfiles?: CloudProfile[];
  /** The landscape's cap on admin kubeconfig lifetimes (default 24 h, gardener-apiserver's default). */
  maxExpirationSeconds?: number;
  /** The identity the token stands for; kubeconfigs are issued to `gardener.cloud:admin:<user>`. */
  user?: string;
}

export interface FakeGardener {
  /** Pass as the adapter's `apiUrl`. */
  url: string;
  /** Pass as the adapter's `fetch`. */
  fetch: typeof fetch;
  shoots: Map<string, Shoot>;
  cloudProfiles: Map<string, CloudProfile>;
  requests: FakeRequest[];
  /** Requests the real API would refuse; empty when the adapter behaves. */
  violations: string[];
  /** What the gardenlet reports: moves `status.lastOperation` and everything that follows from it. */
  setLastOperation(name: string, operation: FakeLastOperation, extras?: { lastErrors?: LastError[]; conditions?: ShootStatus['conditions'] }): void;
  /** The next `count` requests fail before being handled: with that HTTP status, or a dropped connection. */
  failNext(count?: number, failure?: number | 'network'): void;
  /** The cluster CA bundle of a Shoot as kubeconfigs carry it (PEM, oldest first). */
  caBundle(name: string): string[];
  /** What each shoot cluster holds (by Shoot name), served by its own API server (gardener-shoot-api.ts). */
  shootObjects: Map<string, FakeShootObjects>;
  /** Pass as the adapter's `shootFetch`: reaches the shoots' API servers with a kubeconfig's client certificate. */
  shootFetch(access: ShootAccess): typeof fetch;
  close(): void;
}

interface ShootSecrets {
  clusterCas: x509.X509Certificate[];
  clientCa: { certificate: x509.X509Certificate; keys: CryptoKeyPair };
  pending: { cluster: x509.X509Certificate; client: { certificate: x509.X509Certificate; keys: CryptoKeyPair } } | null;
}

async function newCa(commonName: string, now: number): Promise<{ certificate: x509.X509Certificate; keys: CryptoKeyPair }> {
  const keys = (await crypto.subtle.generateKey(KEY_ALGORITHM, true, ['sign', 'verify'])) as CryptoKeyPair;
  const certificate = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: randomSerial(),
    name: `CN=${commonName}`,
    notBefore: new Date(now),
    notAfter: new Date(now + 10 * 365 * 24 * 3600 * 1000),
    signingAlgorithm: SIGNING,
    keys,
    extensions: [
      new x509.BasicConstraintsExtension(true, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign | x509.KeyUsageFlags.digitalSignature, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  return { certificate, keys };
}

function randomSerial(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[0] = (bytes[0]! & 0x7f) | 0x01;
  return [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

function toBase64(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64');
}

async function privateKeyPem(key: CryptoKey): Promise<string> {
  return x509.PemConverter.encode(await crypto.subtle.exportKey('pkcs8', key), 'PRIVATE KEY');
}

export function startFakeGardener(options: FakeGardenerOptions): FakeGardener {
  const now = options.now ?? (() => Date.now());
  const origin = 'https://api.garden.fake.test';
  const namespace = options.namespace;
  const project = namespace.startsWith('garden-') ? namespace.slice('garden-'.length) : namespace;
  const maxExpiration = options.maxExpirationSeconds ?? DEFAULT_MAX_EXPIRATION_SECONDS;
  const user = options.user ?? `system:serviceaccount:${namespace}:kubemarket`;
  const shoots = new Map<string, Shoot>();
  const secrets = new Map<string, ShootSecrets>();
  const cloudProfiles = new Map((options.cloudProfiles ?? [fakeCloudProfile()]).map((profile) => [profile.metadata.name, profile]));
  const requests: FakeRequest[] = [];
  const violations: string[] = [];
  const shootObjects = new Map<string, FakeShootObjects>();
  const failures: Array<number | 'network'> = [];
  let resourceVersion = 1000;
  let closed = false;

  const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const bump = (shoot: Shoot) => {
    resourceVersion += 1;
    shoot.metadata.resourceVersion = String(resourceVersion);
  };
  const shootOrThrow = (name: string): Shoot => {
    const shoot = shoots.get(name);
    if (!shoot) throw notFound('shoots.core.gardener.cloud', name);
    return shoot;
  };

  async function secretsOf(name: string): Promise<ShootSecrets> {
    let found = secrets.get(name);
    if (!found) {
      const clusterCa = await newCa(`ca-${name}`, now());
      const clientCa = await newCa(`ca-client-${name}`, now());
      found = { clusterCas: [clusterCa.certificate], clientCa, pending: null };
      secrets.set(name, found);
    }
    return found;
  }

  function checkContentType(request: Request, expected: string[]): void {
    const type = (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (!expected.includes(type)) {
      throw new Refusal(415, 'UnsupportedMediaType', `the body of the request was in an unknown format - accepted media types include: ${expected.join(', ')}`);
    }
  }

  async function createShoot(body: unknown): Promise<Response> {
    if (!isObject(body)) throw new Refusal(400, 'BadRequest', 'the body of the request is not a Shoot object');
    if (body.apiVersion !== SHOOT_API_VERSION || body.kind !== 'Shoot') {
      throw new Refusal(400, 'BadRequest', `the API version in the data (${String(body.apiVersion)}) or kind (${String(body.kind)}) does not match the expected ${SHOOT_API_VERSION} Shoot`);
    }
    const metadata = isObject(body.metadata) ? body.metadata : {};
    if (metadata.namespace !== undefined && metadata.namespace !== namespace) {
      throw new Refusal(400, 'BadRequest', 'the namespace of the provided object does not match the namespace sent on the request');
    }
    const causes = validateShoot(body, namespace);
    const name = isString(metadata.name) ? metadata.name : '';
    if (causes.length > 0) throw invalidShoot(name, causes);
    if (shoots.has(name)) {
      throw new Refusal(409, 'AlreadyExists', `shoots.core.gardener.cloud "${name}" already exists`, { name, group: 'core.gardener.cloud', kind: 'shoots' }, true);
    }
    const shoot = structuredClone(body) as unknown as Shoot;
    admit(shoot, cloudProfiles, project, true, now());
    applyDefaults(shoot, cloudProfiles.get(shoot.spec.cloudProfile?.name ?? ''));
    shoot.metadata = {
      ...shoot.metadata,
      namespace,
      uid: crypto.randomUUID(),
      generation: 1,
      creationTimestamp: iso(now()),
      finalizers: ['gardener'],
    };
    shoot.status = { hibernated: false, technicalID: `shoot--${project}--${name}`, observedGeneration: 0 };
    bump(shoot);
    shoots.set(name, shoot);
    await secretsOf(name);
    return json(201, shoot);
  }

  async function patchShoot(name: string, body: unknown): Promise<Response> {
    const previous = shootOrThrow(name);
    if (!isObject(body)) throw new Refusal(400, 'BadRequest', 'a merge patch must be a JSON object');
    const patchMetadata = isObject(body.metadata) ? body.metadata : {};
    if (patchMetadata.resourceVersion !== undefined && patchMetadata.resourceVersion !== previous.metadata.resourceVersion) {
      throw new Refusal(409, 'Conflict', `Operation cannot be fulfilled on shoots.core.gardener.cloud "${name}": the object has been modified; please apply your changes to the latest version and try again`);
    }
    for (const field of ['name', 'namespace', 'uid', 'generation'] as const) {
      if (patchMetadata[field] !== undefined && patchMetadata[field] !== previous.metadata[field]) throw invalidShoot(name, [invalid(`metadata.${field}`, patchMetadata[field], 'field is immutable')]);
    }
    // The status is a subresource: the main resource ignores changes to it.
    const { status: _ignored, ...patch } = body;
    const next = mergePatch(structuredClone(previous), patch) as unknown as Shoot;
    next.status = structuredClone(previous.status);
    const causes = [...validateShoot(next as unknown as Json, namespace), ...validateUpdate(previous, next)];
    const operation = next.metadata.annotations?.[OPERATION];
    const phase = previous.status?.credentials?.rotation?.certificateAuthorities?.phase ?? '';
    const lastOperation = previous.status?.lastOperation;
    if (operation !== undefined && operation !== previous.metadata.annotations?.[OPERATION]) {
      if (!['retry', 'reconcile', 'maintain', 'rotate-ca-start', 'rotate-ca-complete', 'rotate-credentials-start', 'rotate-credentials-complete'].includes(operation)) {
        causes.push({ field: `metadata.annotations[${OPERATION}]`, reason: 'FieldValueNotSupported', message: `Unsupported value: "${operation}"` });
      }
      if (operation === 'rotate-ca-start') {
        const ready = lastOperation !== undefined && ((lastOperation.type === 'Create' && lastOperation.state === 'Succeeded') || lastOperation.type === 'Reconcile');
        if (!ready) causes.push(forbidden(`metadata.annotations[${OPERATION}]`, 'cannot start CA rotation if shoot was not yet created successfully or is not ready for reconciliation'));
        if (phase !== '' && phase !== 'Completed') causes.push(forbidden(`metadata.annotations[${OPERATION}]`, "cannot start CA rotation if .status.credentials.rotation.certificateAuthorities.phase is not 'Completed'"));
      }
      if (operation === 'rotate-ca-complete' && phase !== 'Prepared') {
        causes.push(forbidden(`metadata.annotations[${OPERATION}]`, "cannot complete CA rotation if .status.credentials.rotation.certificateAuthorities.phase is not 'Prepared'"));
      }
    }
    if (causes.length > 0) throw invalidShoot(name, causes);
    admit(next, cloudProfiles, project, false, now());
    applyDefaults(next, cloudProfiles.get(next.spec.cloudProfile?.name ?? ''));

    let generation = previous.metadata.generation ?? 1;
    if (JSON.stringify(previous.spec) !== JSON.stringify(next.spec)) generation += 1;
    const annotations = { ...(next.metadata.annotations ?? {}) };
    if (operation === 'retry') {
      // gardener-apiserver turns "retry" on a failed Shoot into a new generation and drops it.
      delete annotations[OPERATION];
      if (lastOperation?.state === 'Failed') generation += 1;
    } else if (operation === 'rotate-ca-start' || operation === 'rotate-ca-complete') {
      if (operation !== previous.metadata.annotations?.[OPERATION]) {
        generation += 1;
        const status = (next.status ??= {});
        status.credentials = { rotation: { certificateAuthorities: { phase: operation === 'rotate-ca-start' ? 'Preparing' : 'Completing' } } };
        if (operation === 'rotate-ca-start') {
          const current = await secretsOf(name);
          const cluster = await newCa(`ca-${name}`, now());
          current.pending = { cluster: cluster.certificate, client: await newCa(`ca-client-${name}`, now()) };
        }
      }
    }
    next.metadata = { ...next.metadata, annotations, generation };
    if (Object.keys(annotations).length === 0) delete next.metadata.annotations;
    if (JSON.stringify(next) !== JSON.stringify(previous)) bump(next);
    shoots.set(name, next);
    return json(200, next);
  }

  function deleteShoot(name: string): Response {
    const shoot = shootOrThrow(name);
    const confirmation = shoot.metadata.annotations?.[CONFIRM_DELETION];
    if (!confirmation || !['1', 't', 'T', 'true', 'TRUE', 'True'].includes(confirmation)) {
      throw forbiddenShoot(name, [`must have a "${CONFIRM_DELETION}" annotation to delete`]);
    }
    if (!shoot.metadata.deletionTimestamp) {
      shoot.metadata.deletionTimestamp = iso(now());
      shoot.metadata.generation = (shoot.metadata.generation ?? 1) + 1;
      bump(shoot);
    }
    return json(200, shoot);
  }

  async function adminKubeconfig(name: string, body: unknown): Promise<Response> {
    if (!isObject(body)) throw new Refusal(400, 'BadRequest', 'the body of the request is not an AdminKubeconfigRequest');
    if ((body.apiVersion !== undefined && body.apiVersion !== AUTH_API_VERSION) || (body.kind !== undefined && body.kind !== 'AdminKubeconfigRequest')) {
      throw new Refusal(400, 'BadRequest', `the API version in the data (${String(body.apiVersion)}) or kind (${String(body.kind)}) does not match the expected ${AUTH_API_VERSION} AdminKubeconfigRequest`);
    }
    const spec = isObject(body.spec) ? body.spec : {};
    const requested = spec.expirationSeconds ?? 3600;
    if (!isInteger(requested)) throw new Refusal(400, 'BadRequest', 'spec.expirationSeconds must be an integer');
    const invalidRequest = (message: string) =>
      new Refusal(422, 'Invalid', `AdminKubeconfigRequest.authentication.gardener.cloud "${name}" is invalid: spec.expirationSeconds: ${message}`, {
        name,
        group: 'authentication.gardener.cloud',
        kind: 'AdminKubeconfigRequest',
        causes: [{ field: 'spec.expirationSeconds', reason: 'FieldValueInvalid', message }],
      });
    if (requested < MIN_EXPIRATION_SECONDS) throw invalidRequest(`Invalid value: ${requested}: may not specify a duration less than 10 minutes`);
    if (requested > MAX_UINT32) throw invalidRequest(`Too long: may not be more than ${MAX_UINT32}`);
    const shoot = shootOrThrow(name);
    const addresses = (shoot.status?.advertisedAddresses ?? []).filter((address) => address.name === 'external' || address.name === 'internal');
    if (addresses.length === 0) {
      throw new Refusal(422, 'Invalid', `AdminKubeconfigRequest.authentication.gardener.cloud "${name}" is invalid: status.status: Invalid value: null: no suitable advertised address for kube-apiserver found in .status.advertisedAddresses`);
    }
    const expirationSeconds = Math.min(requested, maxExpiration);
    const issuedAt = Math.floor(now() / 1000) * 1000;
    const notAfter = new Date(issuedAt + expirationSeconds * 1000);
    const shootSecrets = await secretsOf(name);
    const signer = shootSecrets.clientCa;
    const keys = (await crypto.subtle.generateKey(KEY_ALGORITHM, true, ['sign', 'verify'])) as CryptoKeyPair;
    const certificate = await x509.X509CertificateGenerator.create({
      serialNumber: randomSerial(),
      subject: `CN=gardener.cloud:admin:${user}, O=gardener.cloud:project:admins`,
      issuer: signer.certificate.subject,
      notBefore: new Date(issuedAt),
      notAfter,
      signingAlgorithm: SIGNING,
      publicKey: keys.publicKey,
      signingKey: signer.keys.privateKey,
      extensions: [
        new x509.BasicConstraintsExtension(false, undefined, true),
        new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyEncipherment, true),
        new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.clientAuth]),
        await x509.AuthorityKeyIdentifierExtension.create(signer.keys.publicKey),
      ],
    });
    const authName = `${namespace}--${name}`;
    const bundle = shootSecrets.clusterCas.map((ca) => ca.toString('pem')).join('\n');
    const contexts = addresses.map((address) => `${authName}-${address.name}`);
    const kubeconfig = {
      apiVersion: 'v1',
      kind: 'Config',
      'current-context': contexts[0],
      clusters: addresses.map((address, index) => ({ name: contexts[index], cluster: { 'certificate-authority-data': toBase64(bundle), server: address.url } })),
      contexts: contexts.map((context) => ({ name: context, context: { cluster: context, user: authName } })),
      users: [{ name: authName, user: { 'client-certificate-data': toBase64(certificate.toString('pem')), 'client-key-data': toBase64(await privateKeyPem(keys.privateKey)) } }],
      preferences: {},
    };
    return json(201, {
      kind: 'AdminKubeconfigRequest',
      apiVersion: AUTH_API_VERSION,
      metadata: { name, namespace, creationTimestamp: null },
      spec: { expirationSeconds },
      status: { kubeconfig: toBase64(toYaml(kubeconfig)), expirationTimestamp: iso(notAfter.getTime()) },
    });
  }

  async function route(request: Request, url: URL, body: unknown): Promise<Response> {
    const path = url.pathname;
    const profileMatch = new RegExp(`^${CORE}/cloudprofiles/([^/]+)$`).exec(path);
    if (profileMatch) {
      if (request.method !== 'GET') throw new Refusal(405, 'MethodNotAllowed', 'the server does not allow this method on the requested resource');
      const name = decodeURIComponent(profileMatch[1]!);
      const profile = cloudProfiles.get(name);
      if (!profile) throw notFound('cloudprofiles.core.gardener.cloud', name);
      return json(200, { apiVersion: SHOOT_API_VERSION, ...profile });
    }
    const shootMatch = new RegExp(`^${CORE}/namespaces/([^/]+)/shoots(?:/([^/]+)(?:/([^/]+))?)?$`).exec(path);
    if (!shootMatch) throw new Refusal(404, 'NotFound', 'the server could not find the requested resource');
    const [, requestNamespace = '', rawName, subresource] = shootMatch;
    if (decodeURIComponent(requestNamespace) !== namespace) throw new Refusal(404, 'NotFound', `namespaces "${decodeURIComponent(requestNamespace)}" not found`, { name: requestNamespace, kind: 'namespaces' });
    const name = rawName === undefined ? undefined : decodeURIComponent(rawName);
    const notAllowed = () => new Refusal(405, 'MethodNotAllowed', 'the server does not allow this method on the requested resource');

    if (name === undefined) {
      if (request.method === 'GET') return json(200, { apiVersion: SHOOT_API_VERSION, kind: 'ShootList', metadata: { resourceVersion: String(resourceVersion) }, items: [...shoots.values()] });
      if (request.method !== 'POST') throw notAllowed();
      checkContentType(request, ['application/json']);
      return createShoot(body);
    }
    if (subresource !== undefined) {
      if (subresource !== 'adminkubeconfig') throw new Refusal(404, 'NotFound', 'the server could not find the requested resource');
      if (request.method !== 'POST') throw notAllowed();
      checkContentType(request, ['application/json']);
      return adminKubeconfig(name, body);
    }
    switch (request.method) {
      case 'GET':
        return json(200, shootOrThrow(name));
      case 'PATCH':
        checkContentType(request, ['application/merge-patch+json']);
        return patchShoot(name, body);
      case 'DELETE':
        return deleteShoot(name);
      default:
        throw notAllowed();
    }
  }

  const handler = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    if (closed) throw new TypeError('fetch failed');
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.origin !== origin) {
      violations.push(`${request.method} ${request.url}: not the Gardener API`);
      throw new TypeError('fetch failed');
    }
    const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
    const record: FakeRequest = {
      method: request.method,
      path: `${url.pathname}${url.search}`,
      contentType: request.headers.get('content-type'),
      authorization: request.headers.get('authorization'),
      body: undefined,
      status: 0,
    };
    requests.push(record);
    const answer = (response: Response) => {
      record.status = response.status;
      return response;
    };
    const failure = failures.shift();
    if (failure === 'network') throw new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED') });
    if (failure !== undefined) {
      const reason = failure === 429 ? 'TooManyRequests' : failure === 503 ? 'ServiceUnavailable' : 'InternalError';
      return answer(json(failure, statusBody(failure, reason, failure === 429 ? 'Too many requests, please try again later.' : 'the server is currently unable to handle the request')));
    }
    try {
      if (request.headers.get('authorization') !== `Bearer ${options.token}`) throw new Refusal(401, 'Unauthorized', 'Unauthorized');
      if (text !== '') {
        try {
          record.body = JSON.parse(text);
        } catch {
          throw new Refusal(400, 'BadRequest', 'the body of the request is not valid JSON');
        }
      }
      return answer(await route(request, url, record.body));
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      if (!error.expected) violations.push(`${request.method} ${url.pathname}: ${error.code} ${error.message}`);
      return answer(json(error.code, statusBody(error.code, error.reason, error.message, error.details)));
    }
  };

  return {
    url: origin,
    fetch: handler as typeof fetch,
    shoots,
    cloudProfiles,
    requests,
    violations,

    setLastOperation(name, operation, extras = {}) {
      const shoot = shoots.get(name);
      if (!shoot) throw new Error(`The fake Gardener has no Shoot ${name}.`);
      const at = iso(now());
      const status = (shoot.status ??= {});
      status.lastOperation = {
        type: operation.type,
        state: operation.state,
        progress: operation.progress,
        description: operation.description ?? `${operation.type} ${operation.state.toLowerCase()}`,
        lastUpdateTime: at,
      };
      // The gardenlet records the generation it works on when it starts an operation.
      status.observedGeneration = shoot.metadata.generation ?? 1;
      if (extras.lastErrors && extras.lastErrors.length > 0) status.lastErrors = extras.lastErrors.map((error) => ({ lastUpdateTime: at, ...error }));
      else delete status.lastErrors;
      if (operation.type !== 'Delete' && (operation.progress >= 50 || operation.state === 'Succeeded') && !status.advertisedAddresses) {
        status.advertisedAddresses = [
          { name: 'external', url: `https://api.${name}.${project}.shoot.fake.test` },
          { name: 'internal', url: `https://api.${name}.${project}.internal.shoot.fake.test` },
        ];
      }
      if (extras.conditions) status.conditions = extras.conditions;
      if (operation.state === 'Succeeded' && (operation.type === 'Create' || operation.type === 'Reconcile')) {
        status.hibernated = shoot.spec.hibernation?.enabled ?? false;
        status.conditions ??= ['APIServerAvailable', 'ControlPlaneHealthy', 'ObservabilityComponentsHealthy', 'EveryNodeReady', 'SystemComponentsHealthy'].map((type) => ({
          type,
          status: status.hibernated ? 'Progressing' : 'True',
          reason: 'HealthChecksPassed',
        }));
        const phase = status.credentials?.rotation?.certificateAuthorities?.phase;
        const shootSecrets = secrets.get(name);
        if (shootSecrets && (phase === 'Preparing' || phase === 'Completing')) {
          if (phase === 'Preparing' && shootSecrets.pending) {
            shootSecrets.clusterCas = [...shootSecrets.clusterCas, shootSecrets.pending.cluster];
            shootSecrets.clientCa = shootSecrets.pending.client;
            shootSecrets.pending = null;
          }
          if (phase === 'Completing') shootSecrets.clusterCas = shootSecrets.clusterCas.slice(-1);
          status.credentials = { rotation: { certificateAuthorities: { phase: phase === 'Preparing' ? 'Prepared' : 'Completed' } } };
          // The gardenlet removes the rotation annotation once it has acted on it.
          if (shoot.metadata.annotations) delete shoot.metadata.annotations[OPERATION];
        }
      }
      bump(shoot);
      if (operation.type === 'Delete' && operation.state === 'Succeeded') {
        shoots.delete(name);
        secrets.delete(name);
      }
    },

    failNext(count = 1, failure = 503) {
      for (let i = 0; i < count; i += 1) failures.push(failure);
    },

    shootObjects,

    shootFetch(access) {
      const secretsOf = (name: string) => {
        const found = secrets.get(name);
        return found && shoots.has(name) ? { clientCa: found.clientCa.certificate, clusterCas: found.clusterCas } : null;
      };
      return shootApiFetch({ now, project, objects: shootObjects, secretsOf, requests, violations }, access);
    },

    caBundle(name) {
      return (secrets.get(name)?.clusterCas ?? []).map((ca) => ca.toString('pem'));
    },

    close() {
      closed = true;
    },
  };
}

