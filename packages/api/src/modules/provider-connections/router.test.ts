/**
 * Cloud connections against every fake provider at once: a test saves nothing, a save stores only
 * accepted credentials (sealed), a saved connection is used without its credentials ever coming
 * back, and no secret shows up in any answer, console line or audit entry.
 */
import { auditLog, externalClusters, providerConnections, type Database } from '@kubemarket/db';
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Context } from '../../context';
import { FAILURE_EXPLANATIONS, type SupportedCloudProvider } from '../../platform/clouds';
import { callerAs, createTestCaller, type FakeClouds, sessionUserOf, silentProvider, startFakeClouds } from '../../testing';
import type { z } from 'zod';
import type { credentialsInput } from './schemas';
import { refreshAllConnections } from './service';

const PROVIDERS: SupportedCloudProvider[] = ['gke', 'eks', 'aks', 'iks', 'cce', 'ack', 'doks'];
const SECRET_FIELDS = ['serviceAccountKey', 'secretAccessKey', 'clientSecret', 'apiKey', 'secretKey', 'accessKeySecret', 'token'];

let clouds: FakeClouds;

beforeAll(async () => {
  clouds = await startFakeClouds();
});
afterAll(() => clouds.close());
afterEach(() => {
  for (const fake of [clouds.gcp, clouds.aws, clouds.azure, clouds.ibm, clouds.huawei, clouds.alibaba, clouds.digitalocean]) expect(fake.violations).toEqual([]);
});

/** Every secret value of the fakes' credential sets (the PEM key's body lines for GKE). */
function allSecrets(): string[] {
  const values: string[] = [];
  for (const provider of PROVIDERS) {
    for (const set of Object.values(clouds.credentials[provider]) as Array<Record<string, unknown>>) {
      for (const [name, value] of Object.entries(set)) {
        if (!SECRET_FIELDS.includes(name) || typeof value !== 'string') continue;
        if (value.startsWith('{')) {
          const key = JSON.parse(value) as { private_key: string };
          values.push(...key.private_key.split('\n').filter((line) => line.length > 20 && !line.startsWith('-----')));
        } else values.push(value);
      }
    }
  }
  return values;
}

function expectNoSecret(text: string) {
  for (const secret of allSecrets()) expect(text).not.toContain(secret);
}

const input = (provider: SupportedCloudProvider, which: 'ok' | 'denied' | 'wrong') => ({ provider, credentials: clouds.credentials[provider][which] }) as z.input<typeof credentialsInput>;

async function setup() {
  const { ctx, db } = await createTestCaller({ ports: { clouds: { baseUrls: clouds.baseUrls, timeoutMs: 5_000 } } });
  const owner = callerAs(ctx, await sessionUserOf(db, 'alice'));
  return { ctx, db, owner };
}

async function errorOf(run: () => Promise<unknown>): Promise<TRPCError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof TRPCError) return error;
    throw error;
  }
  throw new Error('expected a TRPCError');
}

describe('testing credentials without saving', () => {
  let owner: Awaited<ReturnType<typeof setup>>['owner'];
  let db: Database;
  beforeAll(async () => ({ owner, db } = await setup()));

  it.each(PROVIDERS)('%s: lists the clusters with the time taken, explains a wrong secret, and stores nothing', async (provider) => {
    const good = await owner.providerConnections.test(input(provider, 'ok'));
    expect(good).toMatchObject({ ok: true, kind: 'ok', message: null, explanation: null });
    expect(good.clusters.length).toBeGreaterThan(0);
    expect(good.tookMs).toBeGreaterThanOrEqual(0);
    const wrong = await owner.providerConnections.test(input(provider, 'wrong'));
    expect(wrong).toMatchObject({ ok: false, kind: 'bad_credentials', explanation: FAILURE_EXPLANATIONS.bad_credentials, clusters: [] });
    const denied = await owner.providerConnections.test(input(provider, 'denied'));
    expect(denied).toMatchObject({ ok: false, kind: 'missing_permission', explanation: FAILURE_EXPLANATIONS.missing_permission });
    expect(await db.select().from(providerConnections)).toEqual([]);
    const audits = await db.select().from(auditLog).where(eq(auditLog.action, 'provider_connection.tested'));
    expect(audits.filter((entry) => (entry.metadata as { provider?: string }).provider === provider).map((entry) => (entry.metadata as { result: string }).result)).toEqual([
      'ok',
      'bad_credentials',
      'missing_permission',
    ]);
  });

  it('refuses credentials of the wrong shape before calling any provider', async () => {
    const before = clouds.digitalocean.requests.length;
    const error = await errorOf(() => owner.providerConnections.test({ provider: 'doks', credentials: { token: 'short' } }));
    expect(error.code).toBe('BAD_REQUEST');
    expect(clouds.digitalocean.requests.length).toBe(before);
  });
});

describe('saved connections', () => {
  let ctx: Context;
  let db: Database;
  let owner: Awaited<ReturnType<typeof setup>>['owner'];
  beforeAll(async () => ({ ctx, db, owner } = await setup()));

  it('keeps nothing when the provider refuses the credentials', async () => {
    const refused = await owner.providerConnections.create({ ...input('eks', 'wrong'), name: 'Refused' } as never);
    expect(refused.connection).toBeNull();
    expect(refused.result.kind).toBe('bad_credentials');
    expect(await db.select().from(providerConnections)).toEqual([]);
  });

  it('saves accepted credentials sealed, with the clusters found, and lists them without secrets', async () => {
    for (const provider of PROVIDERS) {
      const saved = await owner.providerConnections.create({ ...input(provider, 'ok'), name: `${provider} production` } as never);
      expect(saved.connection).toMatchObject({ provider, name: `${provider} production`, lastResultKind: 'ok', createdBy: 'Alice Martin' });
      expect(saved.connection?.clusterCount).toBe(saved.result.clusters.length);
    }
    const list = await owner.providerConnections.list();
    expect(list.map((connection) => connection.provider).sort()).toEqual([...PROVIDERS].sort());
    expect(list.find((connection) => connection.provider === 'eks')?.hint).toBe('access key …0001, eu-west-1 us-east-1');
    expectNoSecret(JSON.stringify(list));

    const rows = await db.select().from(providerConnections);
    for (const row of rows) {
      expectNoSecret(row.sealedCredentials);
      expect(row.credentialsKeyVersion).toBe(ctx.ports.secrets.currentVersion);
    }
    // Sealed to its own row: the ciphertext moved to another connection does not open.
    const [first, second] = rows as [(typeof rows)[0], (typeof rows)[0]];
    await expect(ctx.ports.secrets.open({ ciphertext: first.sealedCredentials, keyVersion: first.credentialsKeyVersion }, `provider-connection:${second.id}`)).rejects.toThrow();

    const clusters = await owner.providerConnections.externalClusters();
    expect(clusters.map((cluster) => `${cluster.provider}:${cluster.name}`).sort()).toEqual(
      ['gke:web-prod', 'gke:batch', 'eks:eks-dublin', 'eks:eks-virginia', 'aks:aks-prod', 'iks:iks-eu', 'cce:cce-sg', 'ack:ack-fra', 'ack:ack-hz', 'doks:doks-ams'].sort(),
    );
    expect(clusters.find((cluster) => cluster.name === 'eks-dublin')).toMatchObject({ region: 'eu-west-1', nodeCount: 5, status: 'active', connectionName: 'eks production' });
  });

  it('refuses a second connection with the same name', async () => {
    const error = await errorOf(() => owner.providerConnections.create({ ...input('doks', 'ok'), name: 'doks production' } as never));
    expect(error.code).toBe('CONFLICT');
  });

  it('tests a saved connection again with the stored credentials and records the outcome', async () => {
    const [eks] = (await owner.providerConnections.list()).filter((connection) => connection.provider === 'eks');
    const result = await owner.providerConnections.testSaved({ id: eks!.id });
    expect(result).toMatchObject({ ok: true, kind: 'ok' });
    expect(result.clusters.map((cluster) => cluster.name)).toEqual(['eks-dublin', 'eks-virginia']);
  });

  it('replaces credentials only with accepted ones of the same provider', async () => {
    const [aks] = (await owner.providerConnections.list()).filter((connection) => connection.provider === 'aks');
    const wrong = await owner.providerConnections.replaceCredentials({ id: aks!.id, ...input('aks', 'wrong') } as never);
    expect(wrong).toMatchObject({ connection: null, result: { kind: 'bad_credentials' } });
    // The stored credentials are still the good ones.
    expect(await owner.providerConnections.testSaved({ id: aks!.id })).toMatchObject({ ok: true });
    const otherProvider = await errorOf(() => owner.providerConnections.replaceCredentials({ id: aks!.id, ...input('doks', 'ok') } as never));
    expect(otherProvider.code).toBe('BAD_REQUEST');
    const replaced = await owner.providerConnections.replaceCredentials({ id: aks!.id, ...input('aks', 'ok') } as never);
    expect(replaced.connection).toMatchObject({ id: aks!.id, lastResultKind: 'ok' });
    const audits = await db.select().from(auditLog).where(eq(auditLog.action, 'provider_connection.credentials_replaced'));
    expect(audits.map((entry) => entry.targetId)).toEqual([aks!.id]);
  });

  it('refreshes on demand; a failed refresh keeps the last clusters and records the failure', async () => {
    const [doks] = (await owner.providerConnections.list()).filter((connection) => connection.provider === 'doks');
    clouds.digitalocean.failNext('rate_limited', 1, /\/clusters$/);
    const failed = await owner.providerConnections.refresh({ id: doks!.id });
    expect(failed.kind).toBe('rate_limited');
    expect((await owner.providerConnections.externalClusters()).filter((cluster) => cluster.provider === 'doks')).toHaveLength(1);
    expect((await owner.providerConnections.list()).find((connection) => connection.id === doks!.id)?.lastResultKind).toBe('rate_limited');
    const refreshed = await owner.providerConnections.refresh({ id: doks!.id });
    expect(refreshed.kind).toBe('ok');
  });

  it("hides one organisation's connections and clusters from another (404 on its ids)", async () => {
    const gabriel = callerAs(ctx, await sessionUserOf(db, 'gabriel'));
    expect(await gabriel.providerConnections.list()).toEqual([]);
    expect(await gabriel.providerConnections.externalClusters()).toEqual([]);
    const [any] = await owner.providerConnections.list();
    expect((await errorOf(() => gabriel.providerConnections.testSaved({ id: any!.id }))).code).toBe('NOT_FOUND');
    expect((await errorOf(() => gabriel.providerConnections.delete({ id: any!.id }))).code).toBe('NOT_FOUND');
  });

  it('lets a member read connections and clusters but not use or delete them', async () => {
    const marc = callerAs(ctx, await sessionUserOf(db, 'marc'));
    expect((await marc.providerConnections.list()).length).toBe(PROVIDERS.length);
    const [any] = await owner.providerConnections.list();
    expect((await errorOf(() => marc.providerConnections.refresh({ id: any!.id }))).code).toBe('FORBIDDEN');
  });

  it('the hourly refresh lists every connection again and brings back their clusters', async () => {
    await db.delete(externalClusters);
    clouds.ibm.failNext('rate_limited', 1, /\/getClusters$/);
    const run = await refreshAllConnections({ db, ports: ctx.ports });
    expect(run).toEqual({ refreshed: PROVIDERS.length - 1, failed: 1 });
    const clusters = await owner.providerConnections.externalClusters();
    expect(new Set(clusters.map((cluster) => cluster.provider))).toEqual(new Set(PROVIDERS.filter((provider) => provider !== 'iks')));
    const refreshes = await db.select().from(auditLog).where(eq(auditLog.action, 'provider_connection.refreshed'));
    expect(refreshes.filter((entry) => entry.actorUserId === null)).toHaveLength(PROVIDERS.length);
  });

  it('deleting a connection removes its sealed credentials and its external clusters', async () => {
    const [gke] = (await owner.providerConnections.list()).filter((connection) => connection.provider === 'gke');
    const deleted = await owner.providerConnections.delete({ id: gke!.id });
    expect(deleted).toEqual({ deleted: true, removedClusters: 2 });
    expect(await db.select().from(providerConnections).where(eq(providerConnections.id, gke!.id))).toEqual([]);
    expect(await db.select().from(externalClusters).where(eq(externalClusters.connectionId, gke!.id))).toEqual([]);
    expect((await errorOf(() => owner.providerConnections.testSaved({ id: gke!.id }))).code).toBe('NOT_FOUND');
  });
});

describe('no credential leaves the server', () => {
  it('appears in no answer, no console line and no audit entry, failures included', async () => {
    const lines: string[] = [];
    const record = (...args: unknown[]) => void lines.push(args.map((arg) => (arg instanceof Error ? `${arg.message} ${arg.stack}` : typeof arg === 'string' ? arg : JSON.stringify(arg))).join(' '));
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((method) => vi.spyOn(console, method).mockImplementation(record));
    try {
      const { ctx, db, owner } = await setup();
      const answers: unknown[] = [];
      for (const provider of PROVIDERS) {
        for (const which of ['ok', 'denied', 'wrong'] as const) answers.push(await owner.providerConnections.test(input(provider, which)));
        answers.push(await owner.providerConnections.create({ ...input(provider, 'wrong'), name: `${provider} wrong` } as never));
        const saved = await owner.providerConnections.create({ ...input(provider, 'ok'), name: `${provider} saved` } as never);
        answers.push(saved);
        const id = saved.connection!.id;
        answers.push(await owner.providerConnections.testSaved({ id }));
        answers.push(await owner.providerConnections.replaceCredentials({ id, ...input(provider, 'denied') } as never));
        answers.push(await owner.providerConnections.refresh({ id }));
      }
      answers.push(await owner.providerConnections.list(), await owner.providerConnections.externalClusters());
      answers.push(await refreshAllConnections({ db, ports: ctx.ports }));
      // An unexpected error path: a row whose sealed credentials no longer open is logged by the cron.
      const [row] = await db.select().from(providerConnections).limit(1);
      await db.update(providerConnections).set({ sealedCredentials: `${row!.sealedCredentials.slice(0, -4)}AAAA` }).where(eq(providerConnections.id, row!.id));
      answers.push(await refreshAllConnections({ db, ports: ctx.ports }));

      expect(lines.some((line) => line.includes('Refreshing provider connection'))).toBe(true);
      expectNoSecret(JSON.stringify(answers));
      expectNoSecret(lines.join('\n'));
      const audits = await db.select().from(auditLog);
      expect(audits.filter((entry) => entry.action.startsWith('provider_connection.')).length).toBeGreaterThan(PROVIDERS.length * 6);
      expectNoSecret(JSON.stringify(audits));
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });
});

describe('the connection timeout', () => {
  afterEach(() => vi.useRealTimers());

  it('is 10 s when none is configured: the test gives up at 10 s, not before, and answers the timeout explanation', async () => {
    // The clouds port of a deployment without CLOUD_TIMEOUT_MS: no timeoutMs.
    const { ctx, db } = await createTestCaller({ ports: { clouds: { baseUrls: {}, fetch: silentProvider } } });
    const owner = callerAs(ctx, await sessionUserOf(db, 'alice'));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let settled = false;
    const test = owner.providerConnections.test({ provider: 'doks', credentials: { token: 'dop_v1_whatever0123456789abcdef' } }).finally(() => (settled = true));

    await vi.advanceTimersByTimeAsync(9_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await test).toMatchObject({
      ok: false,
      kind: 'timeout',
      message: 'DigitalOcean did not answer within 10 s.',
      explanation: FAILURE_EXPLANATIONS.timeout,
      clusters: [],
    });
  });
});
