/**
 * An organisation's connections to other clouds (issue 16): credentials are tested before they are
 * stored, stored sealed (secret-box, bound to the connection's id), and never leave the server
 * again; what a listing found is kept as external clusters, replaced at each refresh. Every test
 * and every use of stored credentials is audited, with the provider and the outcome only.
 */
import { externalClusters, providerConnections, randomString, users, type Database, type ProviderConnection, type SecretBox } from '@kubemarket/db';
import { TRPCError } from '@trpc/server';
import type { BatchItem } from 'drizzle-orm/batch';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Ports } from '../../context';
import { audit } from '../../platform/audit';
import { cloudClients, FAILURE_EXPLANATIONS, type CloudCredentials, type CloudsPort, type ListClustersResult, type SupportedCloudProvider } from '../../platform/clouds';
import { isUniqueViolation } from '../../platform/db-errors';
import { logError } from '../../platform/log';
import { organizationRow } from '../../platform/organization-rows';
import type { ConnectionView, CredentialsInput, StoredClusterView, TestResult } from './schemas';

export interface ConnectionDeps {
  db: Database;
  ports: Pick<Ports, 'clock' | 'secrets' | 'clouds'>;
}

export interface Actor {
  userId: string | null;
  organizationId: string;
  ipAddress: string | null;
}

/** Enough for any real organisation; bounds what one refresh run costs. */
export const MAX_CONNECTIONS = 25;

type Statement = BatchItem<'sqlite'>;

async function runBatch(db: Database, statements: Statement[]) {
  await db.batch(statements as unknown as Parameters<typeof db.batch>[0]);
}

const CONNECTION_NOT_FOUND = 'Connection not found.';
const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: CONNECTION_NOT_FOUND });
const newConnectionId = () => `pcn_${randomString(20)}`;
const newClusterId = () => `xcl_${randomString(20)}`;

/** Associated data: sealed credentials copied onto another connection's row do not open. */
const contextOf = (connectionId: string) => `provider-connection:${connectionId}`;

async function seal(box: SecretBox, connectionId: string, input: CredentialsInput) {
  const sealed = await box.seal(JSON.stringify(input.credentials), contextOf(connectionId));
  return { sealedCredentials: sealed.ciphertext, credentialsKeyVersion: sealed.keyVersion };
}

/** The stored credentials; sealed under an older key, they are re-sealed under the current one. */
async function open(deps: ConnectionDeps, row: ProviderConnection): Promise<CredentialsInput> {
  const plain = await deps.ports.secrets.open({ ciphertext: row.sealedCredentials, keyVersion: row.credentialsKeyVersion }, contextOf(row.id));
  const input = { provider: row.provider, credentials: JSON.parse(plain) as unknown } as CredentialsInput;
  if (row.credentialsKeyVersion !== deps.ports.secrets.currentVersion) {
    await deps.db.update(providerConnections).set(await seal(deps.ports.secrets, row.id, input)).where(eq(providerConnections.id, row.id));
  }
  return input;
}

/** What tells connections apart on a page: identifiers that are not secrets, or a secret's last four characters. */
export function hintOf(input: CredentialsInput): string {
  const last4 = (value: string) => `…${value.slice(-4)}`;
  switch (input.provider) {
    case 'gke':
      return `project ${input.credentials.serviceAccountKey.project_id}, ${input.credentials.serviceAccountKey.client_email}`;
    case 'eks': {
      const role = input.credentials.roleArn ? `, role ${input.credentials.roleArn.split('/').pop()}` : '';
      return `access key ${last4(input.credentials.accessKeyId)}${role}, ${input.credentials.regions.join(' ')}`;
    }
    case 'aks':
      return `subscription ${input.credentials.subscriptionId}`;
    case 'iks':
      return `API key ${last4(input.credentials.apiKey)}`;
    case 'cce':
      return `access key ${last4(input.credentials.accessKey)}, ${input.credentials.region}`;
    case 'ack':
      return `AccessKey ${last4(input.credentials.accessKeyId)}${input.credentials.region ? `, ${input.credentials.region}` : ''}`;
    case 'doks':
      return `token ${last4(input.credentials.token)}`;
  }
}

async function listWith(clouds: CloudsPort, input: CredentialsInput): Promise<ListClustersResult> {
  const client = cloudClients[input.provider as SupportedCloudProvider] as {
    listClusters(credentials: CloudCredentials<SupportedCloudProvider>, options: { baseUrls?: unknown; fetch?: typeof fetch; timeoutMs?: number }): Promise<ListClustersResult>;
  };
  return client.listClusters(input.credentials, { baseUrls: clouds.baseUrls[input.provider], fetch: clouds.fetch, timeoutMs: clouds.timeoutMs });
}

function resultView(result: ListClustersResult): TestResult {
  if (result.ok) return { ok: true, kind: 'ok', message: null, explanation: null, tookMs: Math.round(result.tookMs), clusters: result.clusters };
  return { ok: false, kind: result.kind, message: result.message, explanation: FAILURE_EXPLANATIONS[result.kind], tookMs: Math.round(result.tookMs), clusters: [] };
}

function auditUse(deps: ConnectionDeps, actor: Actor, action: string, target: { id?: string; provider: string }, result: TestResult) {
  return audit(
    deps.db,
    {
      actorUserId: actor.userId,
      action,
      ipAddress: actor.ipAddress,
      ...(target.id ? { targetType: 'provider_connection', targetId: target.id } : {}),
      metadata: { organizationId: actor.organizationId, provider: target.provider, result: result.kind, clusters: result.clusters.length, tookMs: result.tookMs },
    },
    deps.ports.clock.now(),
  );
}

/** Lists with credentials that are not saved, and forgets them. */
export async function testCredentials(deps: ConnectionDeps, actor: Actor, input: CredentialsInput): Promise<TestResult> {
  const result = resultView(await listWith(deps.ports.clouds, input));
  await auditUse(deps, actor, 'provider_connection.tested', { provider: input.provider }, result);
  return result;
}

function clusterRows(row: Pick<ProviderConnection, 'id' | 'organizationId' | 'provider'>, result: TestResult, now: number) {
  return result.clusters.map((cluster) => ({
    id: newClusterId(),
    connectionId: row.id,
    organizationId: row.organizationId,
    provider: row.provider,
    providerClusterId: cluster.providerId,
    name: cluster.name,
    region: cluster.region,
    kubernetesVersion: cluster.kubernetesVersion,
    nodeCount: cluster.nodeCount,
    status: cluster.status,
    refreshedAt: now,
  }));
}

/** The statements that replace a connection's clusters with a successful listing's. */
function replaceClusters(db: Database, row: Pick<ProviderConnection, 'id' | 'organizationId' | 'provider'>, result: TestResult, now: number): Statement[] {
  const rows = clusterRows(row, result, now);
  return [db.delete(externalClusters).where(eq(externalClusters.connectionId, row.id)), ...(rows.length > 0 ? [db.insert(externalClusters).values(rows)] : [])];
}

const connectionRow = (db: Database, organizationId: string, id: string): Promise<ProviderConnection> => organizationRow(db, providerConnections, organizationId, id, CONNECTION_NOT_FOUND);

export async function listConnections(db: Database, organizationId: string): Promise<ConnectionView[]> {
  const rows = await db
    .select({ connection: providerConnections, createdBy: users.name })
    .from(providerConnections)
    .leftJoin(users, eq(users.id, providerConnections.createdByUserId))
    .where(eq(providerConnections.organizationId, organizationId))
    .orderBy(asc(providerConnections.provider), asc(providerConnections.name));
  const counts = rows.length === 0
    ? []
    : await db
        .select({ connectionId: externalClusters.connectionId, clusters: count() })
        .from(externalClusters)
        .where(inArray(externalClusters.connectionId, rows.map((row) => row.connection.id)))
        .groupBy(externalClusters.connectionId);
  const countOf = new Map(counts.map((entry) => [entry.connectionId, entry.clusters]));
  return rows.map(({ connection, createdBy }) => ({
    id: connection.id,
    provider: connection.provider,
    name: connection.name,
    hint: connection.hint,
    createdAt: connection.createdAt,
    createdBy,
    lastTestedAt: connection.lastTestedAt,
    lastResultKind: connection.lastResultKind,
    lastRefreshedAt: connection.lastRefreshedAt,
    clusterCount: countOf.get(connection.id) ?? 0,
  }));
}

async function viewOf(db: Database, organizationId: string, id: string): Promise<ConnectionView> {
  const view = (await listConnections(db, organizationId)).find((connection) => connection.id === id);
  if (!view) throw notFound();
  return view;
}

/** Tests the credentials; only when the provider accepted them are they stored, with the clusters found. */
export async function saveConnection(deps: ConnectionDeps, actor: Actor, input: CredentialsInput & { name: string }): Promise<{ connection: ConnectionView | null; result: TestResult }> {
  const [existing] = await deps.db.select({ total: count() }).from(providerConnections).where(eq(providerConnections.organizationId, actor.organizationId));
  if ((existing?.total ?? 0) >= MAX_CONNECTIONS) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: `An organisation can save at most ${MAX_CONNECTIONS} connections; delete one first.` });
  }
  const [sameName] = await deps.db
    .select({ id: providerConnections.id })
    .from(providerConnections)
    .where(and(eq(providerConnections.organizationId, actor.organizationId), eq(providerConnections.name, input.name)))
    .limit(1);
  if (sameName) throw new TRPCError({ code: 'CONFLICT', message: `A connection named "${input.name}" already exists.` });

  const id = newConnectionId();
  const result = resultView(await listWith(deps.ports.clouds, input));
  await auditUse(deps, actor, 'provider_connection.tested', { id, provider: input.provider }, result);
  if (!result.ok) return { connection: null, result };

  const now = deps.ports.clock.now();
  const row = { id, organizationId: actor.organizationId, provider: input.provider };
  try {
    await runBatch(deps.db, [
      deps.db.insert(providerConnections).values({
        ...row,
        name: input.name,
        ...(await seal(deps.ports.secrets, id, input)),
        hint: hintOf(input),
        createdByUserId: actor.userId,
        createdAt: now,
        updatedAt: now,
        lastTestedAt: now,
        lastResultKind: 'ok',
        lastRefreshedAt: now,
      }),
      ...replaceClusters(deps.db, row, result, now),
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) throw new TRPCError({ code: 'CONFLICT', message: `A connection named "${input.name}" already exists.` });
    throw error;
  }
  await audit(
    deps.db,
    { actorUserId: actor.userId, action: 'provider_connection.created', targetType: 'provider_connection', targetId: id, ipAddress: actor.ipAddress, metadata: { organizationId: actor.organizationId, provider: input.provider, name: input.name } },
    now,
  );
  return { connection: await viewOf(deps.db, actor.organizationId, id), result };
}

/** Lists with the stored credentials and records the outcome; the clusters stored are left as they are. */
export async function testConnection(deps: ConnectionDeps, actor: Actor, id: string): Promise<TestResult> {
  const row = await connectionRow(deps.db, actor.organizationId, id);
  const result = resultView(await listWith(deps.ports.clouds, await open(deps, row)));
  await deps.db.update(providerConnections).set({ lastTestedAt: deps.ports.clock.now(), lastResultKind: result.kind }).where(eq(providerConnections.id, row.id));
  await auditUse(deps, actor, 'provider_connection.tested', { id: row.id, provider: row.provider }, result);
  return result;
}

/** New credentials for the same provider: tested first, and stored (with the clusters they list) only if accepted. */
export async function replaceCredentials(deps: ConnectionDeps, actor: Actor, id: string, input: CredentialsInput): Promise<{ connection: ConnectionView | null; result: TestResult }> {
  const row = await connectionRow(deps.db, actor.organizationId, id);
  if (row.provider !== input.provider) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: `This connection is for ${row.provider}; its credentials can only be replaced by ${row.provider} credentials.` });
  }
  const result = resultView(await listWith(deps.ports.clouds, input));
  await auditUse(deps, actor, 'provider_connection.tested', { id: row.id, provider: row.provider }, result);
  if (!result.ok) return { connection: null, result };
  const now = deps.ports.clock.now();
  await runBatch(deps.db, [
    deps.db
      .update(providerConnections)
      .set({ ...(await seal(deps.ports.secrets, row.id, input)), hint: hintOf(input), updatedAt: now, lastTestedAt: now, lastResultKind: 'ok', lastRefreshedAt: now })
      .where(eq(providerConnections.id, row.id)),
    ...replaceClusters(deps.db, row, result, now),
  ]);
  await audit(
    deps.db,
    { actorUserId: actor.userId, action: 'provider_connection.credentials_replaced', targetType: 'provider_connection', targetId: row.id, ipAddress: actor.ipAddress, metadata: { organizationId: actor.organizationId, provider: row.provider } },
    now,
  );
  return { connection: await viewOf(deps.db, actor.organizationId, row.id), result };
}

export async function deleteConnection(deps: ConnectionDeps, actor: Actor, id: string): Promise<{ deleted: true; removedClusters: number }> {
  const row = await connectionRow(deps.db, actor.organizationId, id);
  const [clusters] = await deps.db.select({ total: count() }).from(externalClusters).where(eq(externalClusters.connectionId, row.id));
  await runBatch(deps.db, [deps.db.delete(externalClusters).where(eq(externalClusters.connectionId, row.id)), deps.db.delete(providerConnections).where(eq(providerConnections.id, row.id))]);
  await audit(
    deps.db,
    { actorUserId: actor.userId, action: 'provider_connection.deleted', targetType: 'provider_connection', targetId: row.id, ipAddress: actor.ipAddress, metadata: { organizationId: actor.organizationId, provider: row.provider, name: row.name } },
    deps.ports.clock.now(),
  );
  return { deleted: true, removedClusters: clusters?.total ?? 0 };
}

export async function listExternalClusters(db: Database, organizationId: string): Promise<StoredClusterView[]> {
  const rows = await db
    .select({ cluster: externalClusters, connectionName: providerConnections.name })
    .from(externalClusters)
    .innerJoin(providerConnections, eq(providerConnections.id, externalClusters.connectionId))
    .where(eq(externalClusters.organizationId, organizationId))
    .orderBy(asc(externalClusters.provider), asc(externalClusters.name));
  return rows.map(({ cluster, connectionName }) => ({
    id: cluster.id,
    connectionId: cluster.connectionId,
    connectionName,
    provider: cluster.provider,
    providerId: cluster.providerClusterId,
    name: cluster.name,
    region: cluster.region,
    kubernetesVersion: cluster.kubernetesVersion,
    nodeCount: cluster.nodeCount,
    status: cluster.status,
    refreshedAt: cluster.refreshedAt,
  }));
}

/** Lists with the stored credentials; a success replaces the connection's clusters, a failure keeps the last ones. */
async function refreshRow(deps: ConnectionDeps, actor: Actor, row: ProviderConnection): Promise<TestResult> {
  const result = resultView(await listWith(deps.ports.clouds, await open(deps, row)));
  const now = deps.ports.clock.now();
  await runBatch(deps.db, [
    deps.db
      .update(providerConnections)
      .set({ lastResultKind: result.kind, ...(result.ok ? { lastRefreshedAt: now } : {}) })
      .where(eq(providerConnections.id, row.id)),
    ...(result.ok ? replaceClusters(deps.db, row, result, now) : []),
  ]);
  await auditUse(deps, actor, 'provider_connection.refreshed', { id: row.id, provider: row.provider }, result);
  return result;
}

export async function refreshConnection(deps: ConnectionDeps, actor: Actor, id: string): Promise<TestResult> {
  return refreshRow(deps, actor, await connectionRow(deps.db, actor.organizationId, id));
}

/**
 * The cron's hourly refresh of every connection, one at a time; a connection that fails (or whose
 * credentials no longer open) is logged and the others go on.
 */
export async function refreshAllConnections(deps: ConnectionDeps): Promise<{ refreshed: number; failed: number }> {
  const rows = await deps.db.select().from(providerConnections).orderBy(asc(providerConnections.id));
  let refreshed = 0;
  let failed = 0;
  for (const row of rows) {
    try {
      const result = await refreshRow(deps, { userId: null, organizationId: row.organizationId, ipAddress: null }, row);
      if (result.ok) refreshed += 1;
      else failed += 1;
    } catch (error) {
      failed += 1;
      logError(`Refreshing provider connection ${row.id} failed`, error);
    }
  }
  return { refreshed, failed };
}
