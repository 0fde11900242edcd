import {
  clusters,
  dataCenters,
  incidentNotices,
  incidents,
  incidentUpdates,
  randomString,
  users,
  type Incident,
  type IncidentImpact,
  type IncidentNoticeEvent,
  type IncidentUpdate,
  type NotificationType,
} from '@kubemarket/db';
import { TRPCError } from '@trpc/server';
import { and, desc, eq, gte, inArray, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Context } from '../../context';
import { auditInsert } from '../../platform/audit';
import { isUniqueViolation } from '../../platform/db-errors';
import { logError } from '../../platform/log';
import { mailInBackground } from '../../platform/mailer';
import { notifyMany } from '../../platform/notify';
import { emitEvent } from '../../platform/webhook-events';
import { incidentEmails } from './emails';
import { RECENT_INCIDENT_DAYS, type DeclareIncidentInput, type PostIncidentUpdateInput, type PublicIncident, type ResolveIncidentInput } from './schemas';
import type { SignedInContext } from '../../trpc';
import { isPerson } from '../../platform/people';

/**
 * Platform incidents: staff declare one, post its updates and resolve it; anyone reads the active
 * and recent ones. Declaring and resolving tell every member of each organisation that has a live
 * cluster in an affected region (a notification each, and a mail to owners), once per user and
 * event, however often the call is retried.
 */

type Staff = SignedInContext;

const DAY_MS = 24 * 60 * 60_000;
const NOT_FOUND = 'This incident does not exist.';
/** Where customers follow incidents: the dashboard's banner. */
const PAGE_PATH = '/dashboard';
/** Claims per statement: D1 binds at most 100 parameters (5 per claim). */
const CLAIMS_PER_STATEMENT = 15;

export const IMPACT_LABELS: Record<IncidentImpact, string> = {
  none: 'Notice',
  minor: 'Degraded performance',
  major: 'Major outage',
  critical: 'Critical outage',
};

const IMPACT_RANK: Record<IncidentImpact, number> = { none: 0, minor: 1, major: 2, critical: 3 };

const DECLARED_NOTIFICATION: Record<IncidentImpact, NotificationType> = { none: 'info', minor: 'warning', major: 'error', critical: 'error' };

function incidentId() {
  return `inc_${randomString(20)}`;
}

function updateId() {
  return `inu_${randomString(20)}`;
}

function publicView(incident: Incident, updates: IncidentUpdate[]): PublicIncident {
  return {
    id: incident.id,
    title: incident.title,
    impact: incident.impact,
    status: incident.status,
    affectedRegions: incident.affectedRegions,
    affectedServices: incident.affectedServices,
    startedAt: incident.startedAt,
    resolvedAt: incident.resolvedAt,
    updates: updates
      .filter((update) => update.incidentId === incident.id)
      .sort((a, b) => b.createdAt - a.createdAt || b.id.localeCompare(a.id))
      .map((update) => ({ id: update.id, status: update.status, message: update.message, createdAt: update.createdAt })),
  };
}

async function withUpdates(ctx: Context, rows: Incident[]): Promise<PublicIncident[]> {
  if (rows.length === 0) return [];
  const updates = await ctx.db
    .select()
    .from(incidentUpdates)
    .where(inArray(incidentUpdates.incidentId, rows.map((row) => row.id)));
  return rows.map((row) => publicView(row, updates));
}

/** Active incidents (worst first) and those resolved in the last two weeks; public. */
export async function listIncidents(ctx: Context) {
  const since = ctx.ports.clock.now() - RECENT_INCIDENT_DAYS * DAY_MS;
  const rows = await ctx.db
    .select()
    .from(incidents)
    .where(or(isNull(incidents.resolvedAt), and(isNotNull(incidents.resolvedAt), gte(incidents.resolvedAt, since))))
    .orderBy(desc(incidents.startedAt), desc(incidents.id));
  const all = await withUpdates(ctx, rows);
  return {
    active: all.filter((incident) => incident.resolvedAt === null).sort((a, b) => IMPACT_RANK[b.impact] - IMPACT_RANK[a.impact] || b.startedAt - a.startedAt),
    recentlyResolved: all.filter((incident) => incident.resolvedAt !== null).sort((a, b) => (b.resolvedAt ?? 0) - (a.resolvedAt ?? 0)),
  };
}

async function incidentRow(ctx: Context, id: string): Promise<Incident> {
  const [row] = await ctx.db.select().from(incidents).where(eq(incidents.id, id)).limit(1);
  if (!row) throw new TRPCError({ code: 'NOT_FOUND', message: NOT_FOUND });
  return row;
}

async function viewOf(ctx: Context, id: string): Promise<PublicIncident> {
  const [view] = await withUpdates(ctx, [await incidentRow(ctx, id)]);
  return view!;
}

/** Region ids must name data centres: a typo would silently notify nobody. */
async function assertRegionsExist(ctx: Context, regions: string[]) {
  if (regions.length === 0) return;
  const known = await ctx.db.select({ id: dataCenters.id }).from(dataCenters).where(inArray(dataCenters.id, regions));
  const unknown = regions.filter((region) => !known.some((row) => row.id === region));
  if (unknown.length > 0) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: `Unknown region${unknown.length === 1 ? '' : 's'}: ${unknown.join(', ')}. Use data-centre ids such as fr-par-1.` });
  }
}

/** Every active member of each organisation with a cluster that is not deleted in one of `regions`. */
async function affectedUsers(ctx: Context, regions: string[]) {
  if (regions.length === 0) return [];
  const organizations = ctx.db
    .selectDistinct({ id: clusters.organizationId })
    .from(clusters)
    .where(and(inArray(clusters.region, regions), ne(clusters.status, 'deleted'), isNull(clusters.deletedAt)));
  return ctx.db
    .select({ id: users.id, email: users.email, name: users.name, organizationRole: users.organizationRole })
    .from(users)
    .where(and(inArray(users.organizationId, organizations), isPerson, isNull(users.disabledAt)));
}

/**
 * incident.opened or incident.resolved for each affected organisation's webhooks (ADR 36); a
 * retry enqueues nothing twice (the event id is the incident's).
 */
async function emitIncidentEvent(ctx: Context, incident: Incident, event: IncidentNoticeEvent, message: string): Promise<void> {
  if (incident.affectedRegions.length === 0) return;
  const organizations = await ctx.db
    .selectDistinct({ id: clusters.organizationId })
    .from(clusters)
    .where(and(inArray(clusters.region, incident.affectedRegions), ne(clusters.status, 'deleted'), isNull(clusters.deletedAt)));
  const type = event === 'declared' ? 'incident.opened' : 'incident.resolved';
  const data = { incidentId: incident.id, title: incident.title, impact: incident.impact, regions: incident.affectedRegions, services: incident.affectedServices, message };
  for (const organization of organizations) await emitEvent(ctx, organization.id, { type, key: incident.id, data });
}

/** Users per statement when linking or releasing claims: D1 binds at most 100 parameters (3 per user, 2 shared). */
const LINKS_PER_STATEMENT = 32;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/**
 * Claims (incident, user, event) for each affected user, then notifies those this call claimed in
 * one batch (notifyMany) and links each claim to its notification; a retry or a concurrent call
 * finds the claims taken and tells nobody twice. Notifications that could not be written release
 * this call's claims, so the next retry delivers them.
 */
async function tellAffected(ctx: Staff, incident: Incident, event: IncidentNoticeEvent, message: string): Promise<number> {
  const recipients = await affectedUsers(ctx, incident.affectedRegions);
  if (recipients.length === 0) return 0;
  const now = ctx.ports.clock.now();
  const claimed = new Set<string>();
  for (const slice of chunks(recipients, CLAIMS_PER_STATEMENT)) {
    const rows = await ctx.db
      .insert(incidentNotices)
      .values(slice.map((user) => ({ incidentId: incident.id, userId: user.id, event, notificationId: null, createdAt: now })))
      .onConflictDoNothing()
      .returning({ userId: incidentNotices.userId });
    for (const row of rows) claimed.add(row.userId);
  }
  const told = recipients.filter((recipient) => claimed.has(recipient.id));
  if (told.length === 0) return 0;
  const impact = IMPACT_LABELS[incident.impact];
  const regions = incident.affectedRegions.join(', ');
  const notification =
    event === 'declared'
      ? { type: DECLARED_NOTIFICATION[incident.impact], message: `Incident in ${regions}: ${incident.title} (${impact.toLowerCase()}). Follow the updates on your dashboard.` }
      : { type: 'success' as const, message: `Resolved: ${incident.title} (${regions}).` };
  const ofThisEvent = and(eq(incidentNotices.incidentId, incident.id), eq(incidentNotices.event, event));

  let written;
  try {
    written = await notifyMany(
      ctx,
      told.map((user) => user.id),
      notification,
    );
  } catch (error) {
    logError(`Notifying ${told.length} users of incident ${incident.id} failed`, error);
    // notifyMany wrote none of them: free this call's claims for the next retry.
    await ctx.db
      .batch(batchOf(chunks(told, LINKS_PER_STATEMENT).map((slice) => ctx.db.delete(incidentNotices).where(and(ofThisEvent, inArray(incidentNotices.userId, slice.map((user) => user.id)))))))
      .catch((release: unknown) => logError('Releasing incident notices failed', release));
    return 0;
  }
  // Each claim records its notification: one UPDATE … CASE per slice of users, all in one batch.
  const links = chunks(written, LINKS_PER_STATEMENT).map((slice) =>
    ctx.db
      .update(incidentNotices)
      .set({ notificationId: sql`case ${incidentNotices.userId} ${sql.join(slice.map((row) => sql`when ${row.userId} then ${row.id}`), sql` `)} end` })
      .where(and(ofThisEvent, inArray(incidentNotices.userId, slice.map((row) => row.userId)))),
  );
  try {
    await ctx.db.batch(batchOf(links));
  } catch (error) {
    // The notifications are out; an unlinked claim still keeps a retry from sending them again.
    logError(`Linking the notices of incident ${incident.id} to their notifications failed`, error);
  }

  const url = `${ctx.request.appUrl}${PAGE_PATH}`;
  for (const user of told) {
    if (user.organizationRole === 'owner') {
      const facts = { to: user.email, name: user.name, title: incident.title, impact, regions: incident.affectedRegions, message, url };
      mailInBackground(ctx.ports, async () => (event === 'declared' ? incidentEmails.declared(facts) : incidentEmails.resolved(facts)));
    }
  }
  return told.length;
}

/** db.batch takes a non-empty tuple. */
function batchOf<T>(statements: T[]): [T, ...T[]] {
  if (statements.length === 0) throw new Error('An empty batch');
  return statements as [T, ...T[]];
}

/**
 * Declares an incident with its first update and tells the affected customers. With an
 * idempotency key, a retry answers the incident the first call created and only completes the
 * notices that call did not get to.
 */
export async function declareIncident(ctx: Staff, input: DeclareIncidentInput) {
  await assertRegionsExist(ctx, input.affectedRegions);
  const scopedKey = input.idempotencyKey ? `${ctx.user.id}:${input.idempotencyKey}` : null;
  const existing = scopedKey ? await ctx.db.select().from(incidents).where(eq(incidents.idempotencyKey, scopedKey)).limit(1) : [];
  let incident = existing[0];
  if (!incident) {
    const now = ctx.ports.clock.now();
    const id = incidentId();
    const regions = [...new Set(input.affectedRegions)];
    const services = [...new Set(input.affectedServices)];
    try {
      const [[row]] = await ctx.db.batch([
        ctx.db
          .insert(incidents)
          .values({
            id,
            title: input.title,
            impact: input.impact,
            status: input.status,
            affectedRegions: regions,
            affectedServices: services,
            declaredBy: ctx.user.id,
            idempotencyKey: scopedKey,
            startedAt: now,
            resolvedAt: null,
            createdAt: now,
            updatedAt: now,
          })
          .returning(),
        ctx.db.insert(incidentUpdates).values({ id: updateId(), incidentId: id, status: input.status, message: input.message, authorId: ctx.user.id, createdAt: now }),
        auditInsert(
          ctx.db,
          { actorUserId: ctx.user.id, action: 'incident.declared', targetType: 'incident', targetId: id, ipAddress: ctx.request.ipAddress, metadata: { title: input.title, impact: input.impact, regions, services } },
          now,
        ),
      ]);
      incident = row!;
    } catch (error) {
      // A concurrent retry with the same key won the insert: answer its incident.
      if (!scopedKey || !isUniqueViolation(error)) throw error;
      const [raced] = await ctx.db.select().from(incidents).where(eq(incidents.idempotencyKey, scopedKey)).limit(1);
      if (!raced) throw error;
      incident = raced;
    }
  }
  const [first] = await ctx.db.select().from(incidentUpdates).where(eq(incidentUpdates.incidentId, incident.id)).orderBy(incidentUpdates.createdAt).limit(1);
  const notifiedUsers = await tellAffected(ctx, incident, 'declared', first?.message ?? input.message);
  await emitIncidentEvent(ctx, incident, 'declared', first?.message ?? input.message);
  return { incident: await viewOf(ctx, incident.id), notifiedUsers };
}

async function openIncident(ctx: Staff, id: string): Promise<Incident> {
  const incident = await incidentRow(ctx, id);
  if (incident.resolvedAt !== null) throw new TRPCError({ code: 'CONFLICT', message: 'This incident is already resolved: declare a new one if the problem is back.' });
  return incident;
}

/** A new step in the timeline of an open incident; customers read it on the dashboard. */
export async function postIncidentUpdate(ctx: Staff, input: PostIncidentUpdateInput) {
  const incident = await openIncident(ctx, input.id);
  const now = ctx.ports.clock.now();
  await ctx.db.batch([
    ctx.db.insert(incidentUpdates).values({ id: updateId(), incidentId: incident.id, status: input.status, message: input.message, authorId: ctx.user.id, createdAt: now }),
    ctx.db.update(incidents).set({ status: input.status, updatedAt: now }).where(eq(incidents.id, incident.id)),
    auditInsert(ctx.db, { actorUserId: ctx.user.id, action: 'incident.updated', targetType: 'incident', targetId: incident.id, ipAddress: ctx.request.ipAddress, metadata: { status: input.status } }, now),
  ]);
  return { incident: await viewOf(ctx, incident.id), notifiedUsers: 0 };
}

/**
 * Closes the incident and tells the affected customers it is over. Resolving one already resolved
 * is a retry: nothing changes, and only notices still missing are sent.
 */
export async function resolveIncident(ctx: Staff, input: ResolveIncidentInput) {
  const incident = await incidentRow(ctx, input.id);
  const message = input.message ?? 'This incident is resolved. Services are operating normally.';
  let resolved = incident;
  if (incident.resolvedAt === null) {
    const now = ctx.ports.clock.now();
    // One batch runs as one transaction: of two racing resolutions, the second finds the incident
    // closed and writes neither a second 'resolved' update nor a second resolution time.
    const [, [row]] = await ctx.db.batch([
      ctx.db
        .insert(incidentUpdates)
        .select(
          sql`SELECT ${updateId()}, ${incident.id}, 'resolved', ${message}, ${ctx.user.id}, ${now} WHERE EXISTS (SELECT 1 FROM incidents WHERE id = ${incident.id} AND resolved_at IS NULL)`,
        ),
      ctx.db
        .update(incidents)
        .set({ status: 'resolved', resolvedAt: now, updatedAt: now })
        .where(and(eq(incidents.id, incident.id), isNull(incidents.resolvedAt)))
        .returning(),
      auditInsert(ctx.db, { actorUserId: ctx.user.id, action: 'incident.resolved', targetType: 'incident', targetId: incident.id, ipAddress: ctx.request.ipAddress }, now),
    ]);
    resolved = row ?? (await incidentRow(ctx, incident.id));
  }
  const notifiedUsers = await tellAffected(ctx, resolved, 'resolved', message);
  await emitIncidentEvent(ctx, resolved, 'resolved', message);
  return { incident: await viewOf(ctx, incident.id), notifiedUsers };
}
