import 'reflect-metadata';
import { X509Certificate, X509ChainBuilder } from '@peculiar/x509';
import { env, evictDurableObject, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { provisionerFor } from '../src/context';
import { CRONS, runScheduled } from '../src/scheduled';
import { apiErrorBody, json, signedIn, type TestClient } from './client';

/**
 * The ClusterOperator Durable Object (ADR 6) runs a paid cluster's provisioning, one step per
 * alarm. PROVISIONER_SPEED=1000 (worker/vitest.config.ts) makes a step last milliseconds; the tests
 * fire the alarms with runDurableObjectAlarm rather than waiting for them.
 */

const BILLING = { companyName: 'Globex Logistics', countryCode: 'FR', addressLine1: '8 quai de la Loire', postalCode: '75019', city: 'Paris' };
const CARD = { kind: 'card', card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2040, cvc: '123', holderName: 'Gabriel Roux' } };

interface Step {
  key: string;
  status: string;
  attempts: number;
  error: string | null;
}
interface OperationRow {
  id: string;
  status: string;
  steps: string;
  error: string | null;
  revision: number;
  next_run_at: number | null;
}

/** Orders and pays a two-pool Dev/Test cluster for Globex; answers its id. */
async function paidCluster(client: TestClient, name: string, kubernetesVersion = '1.37'): Promise<{ clusterId: string; orderId: string }> {
  const order = {
    lines: [
      {
        kind: 'cluster',
        name,
        tierId: 'tier_devtest',
        regionId: 'fr-par-1',
        kubernetesVersion,
        nodePools: [
          { name: 'default', flavorId: 'gp-2-4', count: 2 },
          { name: 'batch', flavorId: 'gp-2-4', count: 1 },
        ],
      },
    ],
    billing: BILLING,
  };
  const placed = await json<{ id: string }>(await client.post('/api/orders', order, { 'Idempotency-Key': crypto.randomUUID() }));
  const paid = await client.post(`/api/orders/${placed.id}/pay`, { paymentIdempotencyKey: crypto.randomUUID(), method: CARD });
  expect(paid.status).toBe(200);
  const body = await json<{ result: string; order: { createdClusterId: string } }>(paid);
  expect(body.result).toBe('succeeded');
  return { clusterId: body.order.createdClusterId, orderId: placed.id };
}

function operator(clusterId: string) {
  return env.CLUSTER_OPERATOR.get(env.CLUSTER_OPERATOR.idFromName(clusterId));
}

async function latestOperation(clusterId: string): Promise<OperationRow & { parsed: Step[] }> {
  const row = await env.DB.prepare('SELECT id, status, steps, error, revision, next_run_at FROM cluster_operations WHERE cluster_id = ? ORDER BY created_at DESC LIMIT 1').bind(clusterId).first<OperationRow>();
  return { ...row!, parsed: JSON.parse(row!.steps) as Step[] };
}

/**
 * Fires the operator's alarms until the cluster's latest operation has ended (or `until` holds).
 * Each alarm is fired once the step is due (its next_run_at); when none is pending, an alarm of the
 * runtime's own is running the step, and the loop waits for that step to be stored.
 */
async function driveOperator(clusterId: string, until: (operation: OperationRow & { parsed: Step[] }) => boolean = (operation) => operation.status !== 'running') {
  for (let round = 0; round < 400; round += 1) {
    const operation = await latestOperation(clusterId);
    if (until(operation)) return operation;
    // In workerd Date.now() moves only across I/O: poll it until the step is due instead of sleeping.
    const due = operation.next_run_at ?? 0;
    await vi.waitFor(() => expect(Date.now()).toBeGreaterThanOrEqual(due), { interval: 1, timeout: 10_000 });
    if (!(await runDurableObjectAlarm(operator(clusterId)))) {
      await vi.waitFor(async () => expect((await latestOperation(clusterId)).revision).not.toBe(operation.revision), { interval: 5, timeout: 10_000 });
    }
  }
  throw new Error('The operation did not reach the expected state in 400 alarms');
}

async function clusterRow(clusterId: string) {
  return env.DB.prepare('SELECT status, endpoint, ca_certificate, ca_private_key FROM clusters WHERE id = ?').bind(clusterId).first<{ status: string; endpoint: string | null; ca_certificate: string | null; ca_private_key: string | null }>();
}

describe('ClusterOperator', () => {
  it('provisions a paid cluster step by step to running: nodes joined, endpoint, a sealed CA, the order completed', async () => {
    const gabriel = await signedIn('gabriel', '203.0.113.150');
    const { clusterId, orderId } = await paidCluster(gabriel, 'op-happy');
    expect((await operator(clusterId).status()).operationId).toMatch(/^cop_/);

    const operation = await driveOperator(clusterId);
    expect(operation.status).toBe('succeeded');
    expect(operation.parsed.map((step) => step.status)).toEqual(operation.parsed.map(() => 'succeeded'));
    expect(operation.parsed.map((step) => step.key)).toEqual(expect.arrayContaining(['validate', 'network', 'control_plane', 'etcd', 'api_endpoint', 'cni', 'health', 'ready']));
    const cluster = await clusterRow(clusterId);
    expect(cluster).toMatchObject({ status: 'running' });
    expect(cluster!.endpoint).toMatch(/^https:\/\/op-happy\./);
    expect(cluster!.ca_certificate).toContain('BEGIN CERTIFICATE');
    expect(cluster!.ca_private_key).not.toContain('PRIVATE KEY');
    const nodes = await env.DB.prepare("SELECT COUNT(*) AS n FROM cluster_nodes WHERE cluster_id = ? AND status = 'ready'").bind(clusterId).first<{ n: number }>();
    expect(nodes?.n).toBe(3);
    const order = await json<{ status: string; events: Array<{ type: string }> }>(await gabriel.get(`/api/orders/${orderId}`));
    expect(order.status).toBe('completed');
    expect(order.events.map((event) => event.type)).toContain('completed');
    // Each step finished exactly once, even with alarms fired early and late.
    const done = await env.DB.prepare("SELECT COUNT(*) AS n FROM cluster_events WHERE operation_id = ? AND type = 'step_succeeded'").bind(operation.id).first<{ n: number }>();
    expect(done?.n).toBe(operation.parsed.length);
    expect((await operator(clusterId).status()).operationId).toBeNull();
  });

  it('starts a middleware paid while its cluster was provisioning as soon as the provisioning ends, on the same operator (issue 31)', async () => {
    const gabriel = await signedIn('gabriel', '203.0.113.151');
    const { clusterId } = await paidCluster(gabriel, 'op-with-db');
    const order = { lines: [{ kind: 'middleware', planId: 'mwp_postgresql_starter', name: 'op-db', clusterId }], billing: BILLING };
    const placed = await json<{ id: string }>(await gabriel.post('/api/orders', order, { 'Idempotency-Key': crypto.randomUUID() }));
    expect((await gabriel.post(`/api/orders/${placed.id}/pay`, { paymentIdempotencyKey: crypto.randomUUID(), method: CARD })).status).toBe(200);
    const instance = () => env.DB.prepare('SELECT id, status FROM middleware_instances WHERE order_id = ?').bind(placed.id).first<{ id: string; status: string }>();
    expect((await instance())?.status).toBe('pending');

    // The provisioning ends; the operator takes the middleware's creation over at once (no cron),
    // and runs it to the end like any operation of the cluster.
    const created = await driveOperator(clusterId, (operation) => operation.status === 'succeeded' && operation.parsed.some((step) => step.key === 'mw_endpoint'));
    expect(created.parsed.map((step) => step.key)).toEqual(['mw_volumes', 'mw_instances', 'mw_credentials', 'mw_backups', 'mw_endpoint']);
    const operations = await env.DB.prepare('SELECT type, status, created_at, finished_at FROM cluster_operations WHERE cluster_id = ? ORDER BY created_at').bind(clusterId).all<{ type: string; status: string; created_at: number; finished_at: number }>();
    expect(operations.results.map((row) => `${row.type}:${row.status}`)).toEqual(['provision:succeeded', 'middleware_create:succeeded']);
    expect(operations.results[1]!.created_at).toBeGreaterThanOrEqual(operations.results[0]!.finished_at);
    expect((await instance())?.status).toBe('running');
    expect((await operator(clusterId).status()).operationId).toBeNull();
    const detail = await json<{ status: string; endpoint: { connectionString: string } }>(await gabriel.get(`/api/middlewares/${(await instance())!.id}`));
    expect(detail).toMatchObject({ status: 'running', endpoint: { connectionString: 'postgresql://app:••••••••@op-db-rw.middlewares.svc.cluster.local:5432/app' } });
  });

  it('retries a failing step with back-off, then fails for good with the reason; Retry resumes from that step', async () => {
    const gabriel = await signedIn('gabriel', '203.0.113.151');
    const { clusterId, orderId } = await paidCluster(gabriel, 'fail-at-cni-op');
    const failed = await driveOperator(clusterId);
    expect(failed.status).toBe('failed');
    const cni = failed.parsed.find((step) => step.key === 'cni')!;
    expect(cni).toMatchObject({ status: 'failed', attempts: 3 });
    expect(failed.error).toBe('The network plugin did not become ready on every node.');
    const retries = await env.DB.prepare("SELECT COUNT(*) AS n FROM cluster_events WHERE operation_id = ? AND type = 'step_retrying'").bind(failed.id).first<{ n: number }>();
    expect(retries?.n).toBe(2);
    expect(await clusterRow(clusterId)).toMatchObject({ status: 'failed' });
    const order = await json<{ status: string; events: Array<{ type: string; reason: string | null }> }>(await gabriel.get(`/api/orders/${orderId}`));
    expect(order.status).toBe('failed');
    expect(order.events.find((event) => event.type === 'failed')?.reason).toBe('The network plugin did not become ready on every node.');

    // Retry asks the same operator again; the injected failure still holds, so it fails the same way.
    const retry = await gabriel.post(`/api/clusters/${clusterId}/operations/${failed.id}/retry`, {});
    expect(retry.status).toBe(200);
    expect(await clusterRow(clusterId)).toMatchObject({ status: 'provisioning' });
    const again = await driveOperator(clusterId);
    expect(again).toMatchObject({ id: failed.id, status: 'failed' });
  });

  it('runs one operation at a time: a second change while one runs is refused with 409 naming the first', async () => {
    const gabriel = await signedIn('gabriel', '203.0.113.152');
    const { clusterId } = await paidCluster(gabriel, 'op-busy');
    const busy = await gabriel.post(`/api/clusters/${clusterId}/hibernate`, {});
    expect(busy.status).toBe(409);
    expect(await json(busy)).toEqual(apiErrorBody('The cluster is busy with provisioning; wait until it finishes, then try again.', 'conflict'));
    await driveOperator(clusterId);

    const detail = await json<{ nodePools: Array<{ id: string; name: string }> }>(await gabriel.get(`/api/clusters/${clusterId}`));
    const pool = detail.nodePools.find((candidate) => candidate.name === 'default')!;
    const [first, second] = await Promise.all([
      gabriel.request('PATCH', `/api/clusters/${clusterId}/node-pools/${pool.id}`, { count: 3 }),
      gabriel.request('PATCH', `/api/clusters/${clusterId}/node-pools/${pool.id}`, { count: 4 }),
    ]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([200, 409]);
    const refused = first.status === 409 ? first : second;
    expect(await json(refused)).toEqual(apiErrorBody('The cluster is busy with scaling a node pool; wait until it finishes, then try again.', 'conflict'));
    const scaled = await driveOperator(clusterId);
    expect(scaled.status).toBe('succeeded');
    const nodes = await env.DB.prepare('SELECT COUNT(*) AS n FROM cluster_nodes WHERE pool_id = ?').bind(pool.id).first<{ n: number }>();
    expect([3, 4]).toContain(nodes?.n);
  });

  it('resumes after a restart in the middle of provisioning: the stored alarm and steps carry on', async () => {
    const gabriel = await signedIn('gabriel', '203.0.113.153');
    const { clusterId } = await paidCluster(gabriel, 'op-restart');
    const midway = await driveOperator(clusterId, (operation) => operation.parsed.filter((step) => step.status === 'succeeded').length >= 2);
    expect(midway.status).toBe('running');
    await evictDurableObject(operator(clusterId));
    const operation = await driveOperator(clusterId);
    expect(operation.status).toBe('succeeded');
    const done = await env.DB.prepare("SELECT COUNT(*) AS n FROM cluster_events WHERE operation_id = ? AND type = 'step_succeeded'").bind(operation.id).first<{ n: number }>();
    expect(done?.n).toBe(operation.parsed.length);
  });

  it('hands a stalled operation to its operator again from the five-minute cron when the operator lost it', async () => {
    const gabriel = await signedIn('gabriel', '203.0.113.156');
    const { clusterId } = await paidCluster(gabriel, 'op-stalled');
    // The operator forgets everything (storage lost) and the operation's step is two minutes late.
    await runInDurableObject(operator(clusterId), async (_instance, state) => {
      await state.storage.deleteAlarm();
      await state.storage.deleteAll();
    });
    expect((await operator(clusterId).status()).operationId).toBeNull();
    const now = Date.now();
    await env.DB.prepare("UPDATE cluster_operations SET next_run_at = ? WHERE cluster_id = ? AND status = 'running'").bind(now - 120_000, clusterId).run();

    await runScheduled(CRONS.hibernation, env, now);
    expect((await operator(clusterId).status()).operationId).toMatch(/^cop_/);
    expect((await driveOperator(clusterId)).status).toBe('succeeded');
  });

  it('issues a kubeconfig over REST whose client certificate chains to the cluster CA and expires exactly when asked', async () => {
    const gabriel = await signedIn('gabriel', '203.0.113.154');
    const { clusterId } = await paidCluster(gabriel, 'op-kubeconfig');
    await driveOperator(clusterId);
    const before = Date.now();
    // A script's plain request (no Accept, as `curl -o kubeconfig` sends */*) gets the YAML alone.
    const res = await gabriel.post(`/api/clusters/${clusterId}/kubeconfig`, { expiresInSeconds: 7200 });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toContain('application/yaml');
    const config = parse(await res.text()) as {
      clusters: Array<{ cluster: { server: string; 'certificate-authority-data': string } }>;
      users: Array<{ user: { 'client-certificate-data': string } }>;
    };
    const decode = (data: string) => atob(data);
    const ca = new X509Certificate(decode(config.clusters[0]!.cluster['certificate-authority-data']));
    const client = new X509Certificate(decode(config.users[0]!.user['client-certificate-data']));
    expect(config.clusters[0]!.cluster.server).toBe((await clusterRow(clusterId))!.endpoint);
    expect(await client.verify({ publicKey: ca.publicKey, signatureOnly: true })).toBe(true);
    const chain = await new X509ChainBuilder({ certificates: [ca] }).build(client);
    expect(chain.map((certificate: X509Certificate) => certificate.subject)).toEqual([client.subject, ca.subject]);
    // notAfter is the request time plus 7200 s, to the second.
    const after = Date.now();
    const notAfter = client.notAfter.getTime();
    expect(notAfter % 1000).toBe(0);
    expect(notAfter).toBeGreaterThanOrEqual(Math.floor((before + 7_200_000) / 1000) * 1000);
    expect(notAfter).toBeLessThanOrEqual(Math.floor((after + 7_200_000) / 1000) * 1000);
    const audited = await env.DB.prepare('SELECT not_after FROM kubeconfig_issuances WHERE cluster_id = ?').bind(clusterId).first<{ not_after: number }>();
    expect(audited?.not_after).toBe(notAfter);

    for (const accept of ['*/*', 'application/yaml', 'text/yaml, application/json;q=0.5']) {
      const again = await gabriel.post(`/api/clusters/${clusterId}/kubeconfig`, { expiresInSeconds: 3600 }, { Accept: accept });
      expect(again.headers.get('Content-Type'), accept).toContain('application/yaml');
      expect((parse(await again.text()) as { kind: string }).kind).toBe('Config');
    }
    // A client that asks for JSON only gets the procedure's object, the YAML in its kubeconfig field.
    const asJson = await gabriel.post(`/api/clusters/${clusterId}/kubeconfig`, { expiresInSeconds: 3600 }, { Accept: 'application/json' });
    expect(asJson.headers.get('Content-Type')).toContain('application/json');
    expect((parse((await asJson.json<{ kubeconfig: string }>()).kubeconfig) as { kind: string }).kind).toBe('Config');

    const alice = await signedIn('alice', '203.0.113.155');
    expect((await alice.post(`/api/clusters/${clusterId}/kubeconfig`, { expiresInSeconds: 7200 })).status).toBe(404);
  });
});

describe('cluster operations over REST', () => {
  interface Detail {
    name: string;
    status: string;
    kubernetesVersion: string;
    nodePools: { id: string; name: string; count: number }[];
  }

  it('adds, scales and removes a pool, upgrades, reads the events and deletes the cluster at the paths scripts use', async () => {
    const gabriel = await signedIn('gabriel', '203.0.113.160');
    const { clusterId } = await paidCluster(gabriel, 'op-rest', '1.36');
    await driveOperator(clusterId);
    const detail = async () => json<Detail>(await gabriel.get(`/api/clusters/${clusterId}`));
    expect((await detail()).status).toBe('running');

    // DELETE /api/clusters/{id}/node-pools/{poolId}: the tier allows two pools, so one goes first.
    const batch = (await detail()).nodePools.find((pool) => pool.name === 'batch');
    const removed = await gabriel.request('DELETE', `/api/clusters/${clusterId}/node-pools/${batch!.id}`);
    expect(removed.status, await removed.clone().text()).toBe(200);
    expect((await driveOperator(clusterId)).status).toBe('succeeded');
    expect((await detail()).nodePools.map((pool) => pool.name)).toEqual(['default']);

    // POST /api/clusters/{id}/node-pools
    const added = await gabriel.post(`/api/clusters/${clusterId}/node-pools`, { pool: { name: 'extra', flavorId: 'gp-2-4', count: 1 } });
    expect(added.status, await added.clone().text()).toBe(200);
    expect((await driveOperator(clusterId)).status).toBe('succeeded');
    const extra = (await detail()).nodePools.find((pool) => pool.name === 'extra');
    expect(extra?.count).toBe(1);

    // PATCH /api/clusters/{id}/node-pools/{poolId}
    const scaled = await gabriel.request('PATCH', `/api/clusters/${clusterId}/node-pools/${extra!.id}`, { count: 2 });
    expect(scaled.status, await scaled.clone().text()).toBe(200);
    expect((await driveOperator(clusterId)).status).toBe('succeeded');
    expect((await detail()).nodePools.find((pool) => pool.id === extra!.id)?.count).toBe(2);

    // POST /api/clusters/{id}/upgrade: a downgrade is a readable 400, the next minor runs.
    const downgrade = await gabriel.post(`/api/clusters/${clusterId}/upgrade`, { version: '1.35.8' });
    expect(downgrade.status).toBe(400);
    expect((await json<{ message: string }>(downgrade)).message).toMatch(/downgrade|cannot|can be upgraded/i);
    expect((await gabriel.post(`/api/clusters/${clusterId}/upgrade`, { version: '1.37.1' })).status).toBe(200);
    expect((await driveOperator(clusterId)).status).toBe('succeeded');
    expect((await detail()).kubernetesVersion).toBe('1.37.1');

    // GET /api/clusters/{id}/events: every operation above, newest first.
    const events = await gabriel.get(`/api/clusters/${clusterId}/events`);
    expect(events.status).toBe(200);
    const body = JSON.stringify(await events.json());
    for (const word of ['batch', 'extra', '1.37.1']) expect(body).toContain(word);

    // Another organisation sees none of it.
    const alice = await signedIn('alice', '203.0.113.161');
    expect((await alice.get(`/api/clusters/${clusterId}/events`)).status).toBe(404);
    expect((await alice.request('DELETE', `/api/clusters/${clusterId}?confirmName=op-rest`)).status).toBe(404);

    // DELETE /api/clusters/{id}: the exact name confirms it, then it is deprovisioned.
    const wrongName = await gabriel.request('DELETE', `/api/clusters/${clusterId}?confirmName=op-rest-typo`);
    expect(wrongName.status).toBe(400);
    expect((await detail()).status).toBe('running');
    expect((await gabriel.request('DELETE', `/api/clusters/${clusterId}?confirmName=op-rest`)).status).toBe(200);
    expect((await driveOperator(clusterId)).status).toBe('succeeded');
    expect((await clusterRow(clusterId))?.status).toBe('deleted');
  });
});

describe('provisionerFor', () => {
  it('runs the simulator by default and Gardener when its URL, token, namespace and CloudProfile are set', () => {
    expect(provisionerFor(env).kind).toBe('simulator');
    const gardener = { GARDENER_API_URL: 'https://api.garden.example.eu', GARDENER_TOKEN: 'token', GARDENER_NAMESPACE: 'garden-km', GARDENER_CLOUD_PROFILE: 'kubemarket' };
    expect(provisionerFor({ ...env, ...gardener }).kind).toBe('gardener');
    expect(() => provisionerFor({ ...env, GARDENER_API_URL: 'https://api.garden.example.eu' })).toThrow(
      'Gardener needs GARDENER_API_URL, GARDENER_TOKEN, GARDENER_NAMESPACE and GARDENER_CLOUD_PROFILE together.',
    );
  });
});
