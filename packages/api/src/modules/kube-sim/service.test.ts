import 'reflect-metadata';
import { X509Certificate as NodeX509Certificate } from 'node:crypto';
import { clusterEvents, clusterNodes, clusters, kubeconfigIssuances } from '@kubemarket/db';
import { and, asc, eq } from 'drizzle-orm';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { issueClientCertificate } from '../../platform/provisioner/pki';
import { simulatorProvisioner } from '../../platform/provisioner';
import { callerAs, createTestCaller, manualClock, sessionUserOf } from '../../testing';
import { caKeyContext } from '../clusters';
import { humanDuration } from './kubernetes';
import { answerKubeRequest, gatewayCertificate, type KubeRequest } from './service';

const NOW = Date.UTC(2026, 10, 23, 12);
const GATEWAY = 'https://127.0.0.1:6443';
const TABLE = 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json';

interface Kubeconfig {
  clusters: Array<{ cluster: { server: string; 'tls-server-name'?: string; 'certificate-authority-data': string } }>;
  users: Array<{ user: { 'client-certificate-data': string; 'client-key-data': string } }>;
}

/** The client certificate of a kubeconfig as the gateway forwards it: base64 of its DER. */
function certificateOf(yaml: string): string {
  const pem = Buffer.from((parse(yaml) as Kubeconfig).users[0]!.user['client-certificate-data'], 'base64').toString();
  return new NodeX509Certificate(pem).raw.toString('base64');
}

async function simulatedApi() {
  const clock = manualClock(NOW);
  const { ctx, db } = await createTestCaller({ ports: { clock, provisioner: simulatorProvisioner({ apiGatewayUrl: GATEWAY }) } });
  const alice = callerAs(ctx, await sessionUserOf(db, 'alice'));
  const deps = { db, secrets: ctx.ports.secrets, clock };
  const ask = (clusterId: string, certificate: string | null, path: string, more: Partial<KubeRequest> = {}) =>
    answerKubeRequest(deps, { clusterId, method: 'GET', path, query: new URLSearchParams(), accept: 'application/json', clientCertificate: certificate, serverAddress: '127.0.0.1:6443', ...more });
  const read = async <T>(clusterId: string, certificate: string | null, path: string, more: Partial<KubeRequest> = {}) => {
    const answer = await ask(clusterId, certificate, path, more);
    return { status: answer.status, contentType: answer.contentType, body: JSON.parse(answer.body) as T };
  };
  return { ctx, db, clock, alice, deps, ask, read };
}

interface Status {
  kind: 'Status';
  status: string;
  reason: string;
  code: number;
  message: string;
}

interface Table {
  kind: 'Table';
  columnDefinitions: Array<{ name: string; priority: number }>;
  rows: Array<{ cells: string[]; object: { metadata: { name: string; namespace?: string } } }>;
}

interface NodeList {
  kind: 'NodeList';
  items: Array<{
    metadata: { name: string; labels: Record<string, string>; creationTimestamp: string };
    status: { conditions: Array<{ type: string; status: string }>; capacity: Record<string, string>; allocatable: Record<string, string>; nodeInfo: { kubeletVersion: string }; addresses: Array<{ type: string; address: string }> };
  }>;
}

describe('the simulated Kubernetes API of a cluster', () => {
  it("answers kubectl's reads of webshop-prod with the kubeconfig issued for it: version, discovery, nodes, kube-system pods, namespaces, events", async () => {
    const { db, alice, read } = await simulatedApi();
    const issued = await alice.clusters.kubeconfig({ id: 'clu_demo_webshop', expiresInSeconds: 3600 });
    const config = parse(issued.kubeconfig) as Kubeconfig;
    const [cluster] = await db.select().from(clusters).where(eq(clusters.id, 'clu_demo_webshop'));
    // With the gateway configured, the kubeconfig reaches the cluster there, by its endpoint's name.
    expect(config.clusters[0]!.cluster.server).toBe(GATEWAY);
    expect(config.clusters[0]!.cluster['tls-server-name']).toBe(new URL(cluster!.endpoint!).hostname);
    const certificate = certificateOf(issued.kubeconfig);

    expect((await read<{ gitVersion: string; major: string; minor: string }>('clu_demo_webshop', certificate, '/version')).body).toMatchObject({ gitVersion: `v${cluster!.kubernetesVersion}`, major: '1', minor: cluster!.kubernetesVersion.split('.')[1] });
    expect((await read<{ kind: string; versions: string[] }>('clu_demo_webshop', certificate, '/api')).body).toMatchObject({ kind: 'APIVersions', versions: ['v1'] });
    expect((await read<{ groups: unknown[] }>('clu_demo_webshop', certificate, '/apis')).body.groups).toEqual([]);
    const resources = (await read<{ resources: Array<{ name: string; verbs: string[]; namespaced: boolean }> }>('clu_demo_webshop', certificate, '/api/v1')).body.resources;
    expect(resources.map((resource) => [resource.name, resource.namespaced, resource.verbs])).toEqual([
      ['namespaces', false, ['get', 'list']],
      ['nodes', false, ['get', 'list']],
      ['pods', true, ['get', 'list']],
      ['events', true, ['get', 'list']],
      // What deleting the cluster would leave billable (issue 34): its claims, volumes and services.
      ['persistentvolumeclaims', true, ['get', 'list']],
      ['persistentvolumes', false, ['get', 'list']],
      ['services', true, ['get', 'list']],
    ]);

    // Nodes: as stored, with their pool and zone, readiness, capacity and kubelet version.
    const stored = await db.select().from(clusterNodes).where(eq(clusterNodes.clusterId, 'clu_demo_webshop')).orderBy(asc(clusterNodes.name));
    expect(stored.length).toBeGreaterThan(0);
    const nodes = (await read<NodeList>('clu_demo_webshop', certificate, '/api/v1/nodes')).body;
    expect(nodes.kind).toBe('NodeList');
    expect(nodes.items.map((node) => node.metadata.name)).toEqual(stored.map((node) => node.name));
    for (const [index, node] of nodes.items.entries()) {
      const row = stored[index]!;
      expect(node.metadata.labels['topology.kubernetes.io/zone']).toBe(row.zone);
      expect(node.metadata.labels['worker.gardener.cloud/pool']).toMatch(/\S/);
      expect(node.status.conditions.find((condition) => condition.type === 'Ready')?.status).toBe(row.status === 'ready' ? 'True' : 'False');
      expect(node.status.capacity).toMatchObject({ cpu: String(row.cpuMillicores / 1000), memory: `${row.memoryMib * 1024}Ki` });
      expect(node.status.allocatable.cpu).toBe(`${row.cpuMillicores - 80}m`);
      expect(node.status.nodeInfo.kubeletVersion).toBe(`v${row.kubeletVersion}`);
      expect(node.status.addresses.map((address) => address.type)).toEqual(['InternalIP', 'Hostname']);
      expect(Date.parse(node.metadata.creationTimestamp)).toBe(Math.floor(row.createdAt / 1000) * 1000);
    }
    // What `kubectl get nodes` asks for: a Table whose columns are NAME, STATUS, ROLES, AGE, VERSION.
    const table = await read<Table>('clu_demo_webshop', certificate, '/api/v1/nodes', { accept: TABLE });
    expect(table.contentType).toBe('application/json;as=Table;v=v1;g=meta.k8s.io');
    expect(table.body.columnDefinitions.filter((column) => column.priority === 0).map((column) => column.name)).toEqual(['Name', 'Status', 'Roles', 'Age', 'Version']);
    expect(table.body.rows.map((row) => row.cells.slice(0, 5))).toEqual(
      stored.map((node) => [node.name, node.status === 'ready' ? 'Ready' : 'NotReady', '<none>', humanDuration(NOW - node.createdAt), `v${node.kubeletVersion}`]),
    );
    const one = await read<{ kind: string; metadata: { name: string } }>('clu_demo_webshop', certificate, `/api/v1/nodes/${stored[0]!.name}`);
    expect(one.body).toMatchObject({ kind: 'Node', metadata: { name: stored[0]!.name } });
    const missing = await read<Status>('clu_demo_webshop', certificate, '/api/v1/nodes/no-such-node');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ kind: 'Status', reason: 'NotFound', message: 'nodes "no-such-node" not found', code: 404 });

    // kube-system: DaemonSet pods on every node, CoreDNS twice, all running on ready nodes.
    const pods = (await read<{ items: Array<{ metadata: { name: string; namespace: string }; spec: { nodeName: string }; status: { phase: string } }> }>('clu_demo_webshop', certificate, '/api/v1/namespaces/kube-system/pods')).body.items;
    expect(pods.filter((pod) => pod.metadata.name.startsWith('kube-proxy-')).map((pod) => pod.spec.nodeName).sort()).toEqual(stored.map((node) => node.name));
    expect(pods.filter((pod) => pod.metadata.name.startsWith('coredns-'))).toHaveLength(2);
    expect(pods.every((pod) => pod.metadata.namespace === 'kube-system' && pod.status.phase === 'Running')).toBe(true);
    const dns = (await read<{ items: unknown[] }>('clu_demo_webshop', certificate, '/api/v1/namespaces/kube-system/pods', { query: new URLSearchParams({ labelSelector: 'k8s-app=kube-dns' }) })).body.items;
    expect(dns).toHaveLength(2);
    expect((await read<{ items: unknown[] }>('clu_demo_webshop', certificate, '/api/v1/namespaces/default/pods')).body.items).toEqual([]);

    const namespaces = (await read<{ items: Array<{ metadata: { name: string } }> }>('clu_demo_webshop', certificate, '/api/v1/namespaces')).body.items.map((namespace) => namespace.metadata.name);
    expect(namespaces).toEqual(expect.arrayContaining(['default', 'kube-node-lease', 'kube-public', 'kube-system']));

    // Events: the cluster's activity, oldest first, the kubeconfig just issued last.
    const activity = await db.select().from(clusterEvents).where(eq(clusterEvents.clusterId, 'clu_demo_webshop'));
    const events = (await read<{ items: Array<{ reason: string; message: string; type: string; involvedObject: { name: string } }> }>('clu_demo_webshop', certificate, '/api/v1/events')).body.items;
    expect(events).toHaveLength(activity.length);
    expect(events.at(-1)).toMatchObject({ reason: 'KubeconfigIssued', type: 'Normal', involvedObject: { name: 'webshop-prod' } });
    expect(new Set(events.map((event) => event.message))).toEqual(new Set(activity.map((event) => event.message)));

    // Volumes: a claim per node the pools ask for, each bound to its volume, as the delete dialog lists them (issue 34).
    const claims = (await read<{ kind: string; items: Array<{ metadata: { name: string; namespace: string }; spec: { volumeName: string }; status: { phase: string } }> }>('clu_demo_webshop', certificate, '/api/v1/persistentvolumeclaims')).body;
    expect(claims.kind).toBe('PersistentVolumeClaimList');
    expect(claims.items.map((claim) => `${claim.metadata.namespace}/${claim.metadata.name} ${claim.status.phase}`)).toEqual(stored.map((_, index) => `default/data-webshop-prod-${index} Bound`));
    const volumes = (await read<{ items: Array<{ metadata: { name: string } }> }>('clu_demo_webshop', certificate, '/api/v1/persistentvolumes')).body.items;
    expect(volumes.map((volume) => volume.metadata.name)).toEqual(claims.items.map((claim) => claim.spec.volumeName));
    const services = (await read<{ items: Array<{ metadata: { name: string } }> }>('clu_demo_webshop', certificate, '/api/v1/namespaces/default/services')).body.items;
    expect(services.map((service) => service.metadata.name)).toEqual(['kubernetes']);
  });

  it('refuses every change and what it does not serve with a Kubernetes Status', async () => {
    const { alice, read } = await simulatedApi();
    const certificate = certificateOf((await alice.clusters.kubeconfig({ id: 'clu_demo_webshop', expiresInSeconds: 3600 })).kubeconfig);
    const nodeName = ((await read<NodeList>('clu_demo_webshop', certificate, '/api/v1/nodes')).body.items[0]!.metadata.name);
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const refused = await read<Status>('clu_demo_webshop', certificate, `/api/v1/nodes/${nodeName}`, { method });
      expect(refused.status, method).toBe(405);
      expect(refused.body).toMatchObject({ kind: 'Status', reason: 'MethodNotAllowed', message: `this simulated cluster is read-only: ${method} is not allowed` });
    }
    const watch = await read<Status>('clu_demo_webshop', certificate, '/api/v1/nodes', { query: new URLSearchParams({ watch: 'true' }) });
    expect(watch.status).toBe(405);
    const pods = (await read<{ items: Array<{ metadata: { name: string } }> }>('clu_demo_webshop', certificate, '/api/v1/namespaces/kube-system/pods')).body.items;
    const logs = await read<Status>('clu_demo_webshop', certificate, `/api/v1/namespaces/kube-system/pods/${pods[0]!.metadata.name}/log`);
    expect(logs.status).toBe(403);
    expect(logs.body.reason).toBe('Forbidden');
    for (const path of ['/apis/apps/v1', '/api/v1/secrets', '/api/v1/namespaces/kube-system/secrets', '/api/v2']) {
      expect((await read<Status>('clu_demo_webshop', certificate, path)).body, path).toMatchObject({ reason: 'NotFound', code: 404 });
    }
    const badSelector = await read<Status>('clu_demo_webshop', certificate, '/api/v1/pods', { query: new URLSearchParams({ fieldSelector: 'spec.unknown=x' }) });
    expect(badSelector.body).toMatchObject({ code: 400, reason: 'BadRequest', message: 'field label not supported: spec.unknown' });
  });

  it('answers 401 without a certificate, to another cluster\'s, an expired, a rotated-away, a revoked or an unissued one', async () => {
    const { ctx, db, clock, alice, deps, read } = await simulatedApi();
    const webshop = certificateOf((await alice.clusters.kubeconfig({ id: 'clu_demo_webshop', expiresInSeconds: 3600 })).kubeconfig);
    const analytics = certificateOf((await alice.clusters.kubeconfig({ id: 'clu_demo_analytics', expiresInSeconds: 3600 })).kubeconfig);
    const refusal = async (certificate: string | null) => {
      const answer = await read<Status>('clu_demo_webshop', certificate, '/api/v1/nodes');
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ kind: 'Status', status: 'Failure', reason: 'Unauthorized', code: 401 });
      return answer.body.message;
    };
    expect((await read('clu_demo_webshop', webshop, '/api/v1/nodes')).status).toBe(200);
    expect(await refusal(null)).toBe('Unauthorized: no client certificate was presented.');
    expect(await refusal('bm90IGEgY2VydGlmaWNhdGU=')).toBe('Unauthorized: the client certificate cannot be read.');
    expect(await refusal(analytics)).toMatch(/not signed by this cluster's certificate authority/);

    // Signed by the cluster's CA, valid, but never handed out by us.
    const [row] = await db.select().from(clusters).where(eq(clusters.id, 'clu_demo_webshop'));
    const ca = { certificatePem: row!.caCertificate!, privateKeyPem: await ctx.ports.secrets.open(row!.caPrivateKey!, caKeyContext('clu_demo_webshop')) };
    const forged = await issueClientCertificate({ ca, commonName: 'mallory', organization: 'system:masters', notBefore: NOW, notAfter: NOW + 3_600_000 });
    expect(await refusal(new NodeX509Certificate(forged.certificatePem).raw.toString('base64'))).toBe('Unauthorized: the client certificate was not issued for this cluster.');

    // Revoked in the database while the CA stayed.
    await db.update(kubeconfigIssuances).set({ revokedAt: NOW }).where(and(eq(kubeconfigIssuances.clusterId, 'clu_demo_analytics')));
    expect((await read<Status>('clu_demo_analytics', analytics, '/api/v1/nodes')).body.message).toBe('Unauthorized: the kubeconfig was revoked.');

    // An hour later the certificate has expired.
    clock.advance(3_600_000);
    expect(await refusal(webshop)).toMatch(/^Unauthorized: the client certificate expired on /);

    // A fresh kubeconfig works until its cluster's credentials are revoked (the CA rotates).
    const fresh = certificateOf((await alice.clusters.kubeconfig({ id: 'clu_demo_webshop', expiresInSeconds: 3600 })).kubeconfig);
    expect((await answerKubeRequest(deps, { clusterId: 'clu_demo_webshop', method: 'GET', path: '/version', query: new URLSearchParams(), accept: null, clientCertificate: fresh, serverAddress: '' })).status).toBe(200);
    await alice.clusters.revokeCredentials({ id: 'clu_demo_webshop' });
    expect(await refusal(fresh)).toMatch(/not signed by this cluster's certificate authority \(it was rotated/);
  });

  it('says a hibernated cluster is not serving, once the client is known', async () => {
    const { db, alice, read } = await simulatedApi();
    const certificate = certificateOf((await alice.clusters.kubeconfig({ id: 'clu_demo_webshop', expiresInSeconds: 3600 })).kubeconfig);
    await db.update(clusters).set({ status: 'hibernated' }).where(eq(clusters.id, 'clu_demo_webshop'));
    const answer = await read<Status>('clu_demo_webshop', certificate, '/api/v1/nodes');
    expect(answer.status).toBe(503);
    expect(answer.body.message).toBe('the API server of webshop-prod is not serving: the cluster is hibernated (wake it up first)');
    expect((await read<Status>('clu_demo_webshop', null, '/api/v1/nodes')).status).toBe(401);
  });
});

describe("the gateway's server certificate", () => {
  it("is signed by the cluster's CA over the gateway's key, for the endpoint's name only, and only for a cluster with a CA", async () => {
    const { db, alice, deps } = await simulatedApi();
    const { publicKey } = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
    const spki = Buffer.from(await crypto.subtle.exportKey('spki', publicKey)).toString('base64');
    const publicKeyPem = `-----BEGIN PUBLIC KEY-----\n${spki}\n-----END PUBLIC KEY-----\n`;
    const [webshop] = await db.select().from(clusters).where(eq(clusters.id, 'clu_demo_webshop'));
    const serverName = new URL(webshop!.endpoint!).hostname;

    // No kubeconfig was ever issued for it: no CA, nothing to present.
    expect(await gatewayCertificate(deps, { serverName, publicKeyPem })).toEqual({ found: false, message: `No kubeconfig was ever issued for ${serverName}.` });
    await alice.clusters.kubeconfig({ id: 'clu_demo_webshop', expiresInSeconds: 3600 });
    const answer = await gatewayCertificate(deps, { serverName: serverName.toUpperCase(), publicKeyPem });
    if (!answer.found) throw new Error(answer.message);
    expect(answer.clusterId).toBe('clu_demo_webshop');
    const certificate = new NodeX509Certificate(answer.certificatePem);
    const ca = new NodeX509Certificate(answer.caCertificatePem);
    expect(certificate.verify(ca.publicKey)).toBe(true);
    expect(certificate.checkIssued(ca)).toBe(true);
    expect(certificate.subjectAltName).toBe(`DNS:${serverName}`);
    expect(certificate.keyUsage).toEqual(['1.3.6.1.5.5.7.3.1']);
    expect(certificate.publicKey.export({ type: 'spki', format: 'der' }).toString('base64')).toBe(spki);
    expect(Date.parse(certificate.validTo)).toBe(answer.notAfter);
    expect(answer.notAfter).toBe(NOW + 24 * 3_600_000);

    for (const other of ['analytics-eu.nope.fr-par-1.k8s.kubemarket.eu', 'not a name', `%.${serverName}`, 'localhost']) {
      expect((await gatewayCertificate(deps, { serverName: other, publicKeyPem })).found, other).toBe(false);
    }
    await expect(gatewayCertificate(deps, { serverName, publicKeyPem: 'not a key' })).rejects.toThrow(/SPKI PEM/);
  });
});
