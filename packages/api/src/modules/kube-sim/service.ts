/**
 * The simulated clusters' read-only Kubernetes API (ADR 32). In development the local API gateway
 * (scripts/lib/kube-gateway.mjs) terminates kubectl's TLS: it asks here for a server certificate
 * signed by the cluster's CA (`gatewayCertificate`), then forwards each request with the client
 * certificate the connection presented (`answerKubeRequest`). Whatever the gateway checked, the
 * client certificate is checked again here against what we store: signed by the cluster's current
 * CA, within its validity, issued by us for this cluster and not revoked.
 */
import { clusterAddons, clusterEvents, clusterNodes, clusters, addons as addonsTable, kubeconfigIssuances, nodePools, type Cluster, type Database, type SecretBox } from '@kubemarket/db';
import { fnv1a } from '@kubemarket/shared';
import type { X509Certificate } from '@peculiar/x509';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { constantTimeEqual, sha256Hex } from '../../platform/crypto';
import { caKeyContext } from '../clusters';
import {
  API_GROUPS,
  coreResources,
  coreVersions,
  jsonAnswer,
  listAnswer,
  notFound,
  READ_ONLY,
  selectObjects,
  statusAnswer,
  tableAnswer,
  tableVersionOf,
  type KubeAnswer,
  type KubeObject,
  type KubeResource,
} from './kubernetes';
import { EVENTS, eventObject, NAMESPACES, namespaceObjects, nodeObject, NODES, podObjects, PODS, type SimulatedCluster } from './objects';
import { CLAIMS, serviceObjects, SERVICES, storageObjects, VOLUMES } from './storage-objects';

/** X.509 (with the metadata polyfill it needs first), evaluated on the first kubectl request rather than at every isolate's start (ADR 50). */
const pki = () => import('../../platform/provisioner/pki');

/** The shortest secret the gateway may prove itself with: the launchers generate 32 random bytes. */
export const GATEWAY_SECRET_MIN_LENGTH = 32;

/** Whether the gateway's request carries the secret of this run, compared in constant time (over digests, so lengths tell nothing either). */
export async function gatewaySecretMatches(presented: string | null | undefined, configured: string): Promise<boolean> {
  if (!presented || configured.length < GATEWAY_SECRET_MIN_LENGTH) return false;
  return constantTimeEqual(await sha256Hex(presented), await sha256Hex(configured));
}

export interface KubeSimDeps {
  db: Database;
  secrets: Pick<SecretBox, 'open'>;
  clock: { now(): number };
}

/** Statuses in which a cluster's API server answers (a hibernated one is scaled to zero, as on Gardener). */
const SERVING: ReadonlyArray<Cluster['status']> = ['running', 'updating', 'upgrading'];

/** A DNS name: what the gateway read from the client's SNI, so nothing else reaches the query. */
const SERVER_NAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$/;

export type GatewayCertificate =
  | { found: true; clusterId: string; certificatePem: string; caCertificatePem: string; notAfter: number }
  | { found: false; message: string };

/**
 * The certificate the gateway presents to a client that asked for `serverName` (the host of a
 * cluster's endpoint, which simulator kubeconfigs carry as `tls-server-name`), signed by that
 * cluster's CA over the gateway's own public key. A deleted cluster, or one that has no CA yet
 * (no kubeconfig was ever issued for it), has none.
 */
export async function gatewayCertificate(deps: KubeSimDeps, input: { serverName: string; publicKeyPem: string }): Promise<GatewayCertificate> {
  const serverName = input.serverName.toLowerCase();
  if (!SERVER_NAME.test(serverName)) return { found: false, message: 'Not a server name.' };
  // The endpoint is `https://<host>:<port>`. No index holds it: a scan of the clusters, which is
  // what a development database can afford (D1 also refuses LIKE patterns this long).
  const candidates = await deps.db
    .select({ id: clusters.id, endpoint: clusters.endpoint, caCertificate: clusters.caCertificate, caPrivateKey: clusters.caPrivateKey })
    .from(clusters)
    .where(and(sql`instr(${clusters.endpoint}, ${`https://${serverName}:`}) = 1`, isNull(clusters.deletedAt)));
  const matching = candidates.filter((candidate) => candidate.endpoint && new URL(candidate.endpoint).hostname === serverName);
  const [cluster] = matching;
  if (!cluster || matching.length > 1) return { found: false, message: `No cluster answers to ${serverName}.` };
  if (!cluster.caCertificate || !cluster.caPrivateKey) return { found: false, message: `No kubeconfig was ever issued for ${serverName}.` };
  const ca = { certificatePem: cluster.caCertificate, privateKeyPem: await deps.secrets.open(cluster.caPrivateKey, caKeyContext(cluster.id)) };
  const issued = await (await pki()).issueServerCertificate({ ca, serverName, publicKeyPem: input.publicKeyPem, now: deps.clock.now() });
  return { found: true, clusterId: cluster.id, certificatePem: issued.certificatePem, caCertificatePem: ca.certificatePem, notAfter: issued.notAfter };
}

function unauthorized(why: string): KubeAnswer {
  return statusAnswer(401, `Unauthorized: ${why}`);
}

/**
 * Who the client certificate is, or why it is refused: it must be signed by the cluster's current
 * CA (a rotated-away or another cluster's is not), be valid now, and be a kubeconfig we issued for
 * this cluster and did not revoke.
 */
async function authenticate(deps: KubeSimDeps, cluster: Pick<Cluster, 'id' | 'caCertificate'>, certificateDer: string | null): Promise<{ user: string } | KubeAnswer> {
  if (!certificateDer) return unauthorized('no client certificate was presented.');
  if (!cluster.caCertificate) return unauthorized('no kubeconfig was ever issued for this cluster.');
  const { X509Certificate, caFingerprint } = await pki();
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(Uint8Array.from(atob(certificateDer), (character) => character.charCodeAt(0)));
  } catch {
    return unauthorized('the client certificate cannot be read.');
  }
  const ca = new X509Certificate(cluster.caCertificate);
  const signed = certificate.issuer === ca.subject && (await certificate.verify({ publicKey: ca.publicKey, signatureOnly: true }).catch(() => false));
  if (!signed) return unauthorized("the client certificate is not signed by this cluster's certificate authority (it was rotated, or the kubeconfig is another cluster's).");
  const now = deps.clock.now();
  if (now < certificate.notBefore.getTime()) return unauthorized('the client certificate is not valid yet.');
  if (now >= certificate.notAfter.getTime()) return unauthorized(`the client certificate expired on ${certificate.notAfter.toISOString()}.`);
  const [issuance] = await deps.db
    .select({ revokedAt: kubeconfigIssuances.revokedAt, caFingerprint: kubeconfigIssuances.caFingerprint })
    .from(kubeconfigIssuances)
    .where(and(eq(kubeconfigIssuances.clusterId, cluster.id), eq(kubeconfigIssuances.serialNumber, certificate.serialNumber)));
  if (!issuance) return unauthorized('the client certificate was not issued for this cluster.');
  if (issuance.revokedAt !== null || issuance.caFingerprint !== (await caFingerprint(cluster.caCertificate))) return unauthorized('the kubeconfig was revoked.');
  return { user: certificate.subjectName.getField('CN')[0] ?? '' };
}

async function loadCluster(db: Database, cluster: Cluster): Promise<SimulatedCluster> {
  const [pools, nodes, installed] = await Promise.all([
    db.select().from(nodePools).where(eq(nodePools.clusterId, cluster.id)),
    db.select().from(clusterNodes).where(eq(clusterNodes.clusterId, cluster.id)).orderBy(asc(clusterNodes.name)),
    db
      .select({ id: clusterAddons.addonId, name: addonsTable.name, installedAt: clusterAddons.installedAt })
      .from(clusterAddons)
      .innerJoin(addonsTable, eq(addonsTable.id, clusterAddons.addonId))
      .where(eq(clusterAddons.clusterId, cluster.id)),
  ]);
  return {
    id: cluster.id,
    name: cluster.name,
    region: cluster.region,
    kubernetesVersion: cluster.kubernetesVersion,
    networking: cluster.networking ?? { cni: 'cilium', podCidr: '10.244.0.0/16' },
    createdAt: cluster.createdAt,
    updatedAt: cluster.updatedAt,
    pools: pools.map((pool) => ({ id: pool.id, name: pool.name, flavorId: pool.flavorId, count: pool.count, labels: pool.labels, taints: pool.taints })),
    nodes,
    addons: installed,
  };
}

/** The latest events the API server still holds (it keeps an hour by default; we keep the last 500). */
const EVENT_LIMIT = 500;

async function loadEvents(db: Database, cluster: Cluster) {
  const rows = await db
    .select({ id: clusterEvents.id, type: clusterEvents.type, message: clusterEvents.message, createdAt: clusterEvents.createdAt })
    .from(clusterEvents)
    .where(eq(clusterEvents.clusterId, cluster.id))
    .orderBy(desc(clusterEvents.createdAt), desc(clusterEvents.id))
    .limit(EVENT_LIMIT);
  return rows.reverse().map((event) => eventObject(cluster, event));
}

export interface KubeRequest {
  clusterId: string;
  method: string;
  /** The path kubectl asked for, e.g. "/api/v1/nodes". */
  path: string;
  query: URLSearchParams;
  accept: string | null;
  /** The client certificate of the TLS connection (base64 DER), as the gateway forwards it; null: none. */
  clientCertificate: string | null;
  /** host:port clients reach the API server at, for discovery. */
  serverAddress: string;
}

/** One request of kubectl to a simulated cluster, answered as its API server would, or refused with a Kubernetes Status. */
export async function answerKubeRequest(deps: KubeSimDeps, request: KubeRequest): Promise<KubeAnswer> {
  const [cluster] = await deps.db
    .select()
    .from(clusters)
    .where(and(eq(clusters.id, request.clusterId), isNull(clusters.deletedAt)));
  if (!cluster) return notFound();
  const identity = await authenticate(deps, cluster, request.clientCertificate);
  if ('status' in identity) return identity;
  if (request.method !== 'GET' && request.method !== 'HEAD') return statusAnswer(405, `${READ_ONLY}: ${request.method} is not allowed`);
  if (!SERVING.includes(cluster.status)) {
    return statusAnswer(503, `the API server of ${cluster.name} is not serving: the cluster is ${cluster.status}${cluster.status === 'hibernated' ? ' (wake it up first)' : ''}`);
  }
  if (['true', '1'].includes(request.query.get('watch') ?? '')) return statusAnswer(405, `${READ_ONLY}: it does not stream changes (watch)`);
  const segments = request.path.split('/').filter(Boolean);
  const path = `/${segments.join('/')}`;
  const now = deps.clock.now();

  if (path === '/version') return jsonAnswer(versionOf(cluster));
  if (['/healthz', '/livez', '/readyz'].includes(path)) return { status: 200, contentType: 'text/plain; charset=utf-8', body: 'ok' };
  if (path === '/api') return jsonAnswer(coreVersions(request.serverAddress));
  if (path === '/apis') return jsonAnswer(API_GROUPS);
  if (path === '/api/v1') return jsonAnswer(coreResources([NAMESPACES, NODES, PODS, EVENTS, CLAIMS, VOLUMES, SERVICES]));
  if (segments[0] !== 'api' || segments[1] !== 'v1') return notFound();

  // /api/v1/<resource>[/<name>[/<sub>]] or /api/v1/namespaces/<ns>/<resource>[/<name>[/<sub>]]
  let rest = segments.slice(2);
  let namespace: string | null = null;
  if (rest[0] === 'namespaces' && rest.length >= 3) {
    namespace = rest[1]!;
    rest = rest.slice(2);
  }
  const [resourceName, name, subresource, ...beyond] = rest;
  if (beyond.length > 0) return notFound();
  const simulated = await loadCluster(deps.db, cluster);
  const serve = <T extends KubeObject>(resource: KubeResource<T>, all: T[]): KubeAnswer => {
    if (namespace !== null && !resource.namespaced) return notFound();
    const inScope = namespace === null ? all : all.filter((object) => object.metadata.namespace === namespace);
    const table = tableVersionOf(request.accept);
    const version = String(Math.max(cluster.updatedAt, ...simulated.nodes.map((node) => node.updatedAt)));
    if (name !== undefined) {
      // A namespaced object is read in its namespace only.
      const object = resource.namespaced && namespace === null ? undefined : inScope.find((candidate) => candidate.metadata.name === name);
      if (!object) return notFound(resource.name, name);
      if (subresource !== undefined) return statusAnswer(403, `${READ_ONLY}: ${resource.name}/${subresource} of "${name}" is not served`);
      return table ? tableAnswer(resource, [object], table, version, now) : jsonAnswer(object);
    }
    const selected = selectObjects(resource, inScope, request.query);
    if (!Array.isArray(selected)) return selected;
    return table ? tableAnswer(resource, selected, table, version, now) : listAnswer(resource, selected, version);
  };
  switch (resourceName) {
    case 'nodes':
      return serve(NODES, simulated.nodes.map((node) => nodeObject(simulated, node, now)));
    case 'pods':
      return serve(PODS, podObjects(simulated));
    case 'namespaces':
      // /api/v1/namespaces/<name> reads one; namespaces are not inside namespaces.
      return serve(NAMESPACES, namespaceObjects(simulated));
    case 'events':
      return serve(EVENTS, await loadEvents(deps.db, cluster));
    case 'persistentvolumeclaims':
      return serve(CLAIMS, storageObjects(simulated).claims);
    case 'persistentvolumes':
      return serve(VOLUMES, storageObjects(simulated).volumes);
    case 'services':
      return serve(SERVICES, serviceObjects(simulated));
    default:
      return notFound();
  }
}

/** GET /version, as the cluster's kube-apiserver reports itself (`kubectl version` prints gitVersion). */
function versionOf(cluster: Cluster) {
  const [major = '1', minor = '0'] = cluster.kubernetesVersion.split('.');
  return {
    major,
    minor,
    gitVersion: `v${cluster.kubernetesVersion}`,
    gitCommit: [0, 1, 2, 3, 4].map((part) => fnv1a(`v${cluster.kubernetesVersion}/${part}`).toString(16).padStart(8, '0')).join(''),
    gitTreeState: 'clean',
    compiler: 'gc',
    platform: 'linux/amd64',
  };
}
