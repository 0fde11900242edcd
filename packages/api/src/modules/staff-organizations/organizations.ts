import {
  auditLog,
  clusters,
  credits,
  invoices,
  orders,
  organizations,
  supportPlans,
  tickets,
  users,
  type Database,
} from '@kubemarket/db';
import { pick } from '@kubemarket/shared';
import { TRPCError } from '@trpc/server';
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, ne, or, sql, sum } from 'drizzle-orm';
import { auditInsert } from '../../platform/audit';
import { plainMail } from '../../platform/emails';
import { mailInBackground } from '../../platform/mailer';
import { notify } from '../../platform/notify';
import { outstandingCents } from '../billing';
import * as billingProfiles from '../billing';
import type { OrganizationListInput, SettingsInput } from './schemas';
import { awaitingTransfers } from './transfers';
import { contains, notFound, readPage, type Staff } from './service-common';
import { peopleOf } from '../../platform/people';

/** How many of each related record the organisation page shows: the newest; the full lists have their own pages. */
const DETAIL_ROWS = 20;

// Correlated subqueries name their tables in the SQL itself: in a select from one table drizzle
// writes its columns unqualified ("id"), which inside `from users` would mean users.id (every count
// was 0).
const memberCount = sql<number>`(select count(*) from users as member where member.organization_id = organizations.id and member.kind = 'person')`.mapWith(Number);
const liveClusterCount = sql<number>`(select count(*) from clusters as cluster where cluster.organization_id = organizations.id and cluster.status != 'deleted')`.mapWith(Number);

export async function listOrganizations(ctx: Staff, input: OrganizationListInput) {
  const where = and(
    input.q ? or(contains(organizations.name, input.q), contains(organizations.billingId, input.q), eq(organizations.id, input.q)) : undefined,
    input.status ? eq(organizations.status, input.status) : undefined,
    input.overdue === true ? isNotNull(organizations.overdueSince) : input.overdue === false ? isNull(organizations.overdueSince) : undefined,
  );
  const order =
    input.sort === 'newest'
      ? [desc(organizations.createdAt), asc(organizations.id)]
      : input.sort === 'overdue'
        ? [sql`${organizations.overdueSince} is null`, asc(organizations.overdueSince), asc(organizations.name)]
        : [asc(sql`lower(${organizations.name})`), asc(organizations.id)];
  return readPage(
    input,
    ({ limit, offset }) =>
      ctx.db
        .select({
          id: organizations.id,
          name: organizations.name,
          billingId: organizations.billingId,
          status: organizations.status,
          overdueSince: organizations.overdueSince,
          members: memberCount,
          clusters: liveClusterCount,
          createdAt: organizations.createdAt,
        })
        .from(organizations)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    ctx.db.select({ value: count() }).from(organizations).where(where),
  );
}

/** The organisation's current support plan: its latest paid or completed support order. */
async function currentSupportPlan(db: Database, organizationId: string) {
  const [row] = await db
    .select({ id: supportPlans.id, name: supportPlans.name, since: sql<number>`coalesce(${orders.paidAt}, ${orders.createdAt})`.mapWith(Number) })
    .from(orders)
    .innerJoin(supportPlans, eq(supportPlans.id, sql`json_extract(${orders.lines}, '$[0].planId')`))
    .where(and(eq(orders.organizationId, organizationId), eq(orders.kind, 'support'), inArray(orders.status, ['paid', 'completed'])))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return row ?? null;
}

const STATUS_ACTIONS = ['organization.suspended', 'organization.reinstated', 'organization.settings_changed'];

export async function getOrganization(ctx: Staff, id: string) {
  const now = ctx.ports.clock.now();
  const [organization] = await ctx.db.select({ organization: organizations, members: memberCount, clusters: liveClusterCount }).from(organizations).where(eq(organizations.id, id));
  if (!organization) notFound();
  const [memberList, clusterList, orderList, invoiceList, ticketList, [nodes], [credit], supportPlan, history, outstanding, awaiting] = await Promise.all([
    ctx.db.select({ id: users.id, name: users.name, email: users.email, role: users.organizationRole, createdAt: users.createdAt }).from(users).where(peopleOf(id)).orderBy(asc(users.name)).limit(100),
    ctx.db
      .select({ id: clusters.id, name: clusters.name, status: clusters.status, region: clusters.region, nodeCount: clusters.nodeCount, createdAt: clusters.createdAt })
      .from(clusters)
      .where(and(eq(clusters.organizationId, id), ne(clusters.status, 'deleted')))
      .orderBy(desc(clusters.createdAt))
      .limit(DETAIL_ROWS),
    ctx.db
      .select({ id: orders.id, kind: orders.kind, status: orders.status, summary: orders.summary, totalCents: orders.totalCents, createdAt: orders.createdAt })
      .from(orders)
      .where(eq(orders.organizationId, id))
      .orderBy(desc(orders.createdAt))
      .limit(DETAIL_ROWS),
    ctx.db
      .select({
        id: invoices.id,
        kind: invoices.kind,
        number: invoices.number,
        status: invoices.status,
        totalCents: invoices.totalCents,
        receivedCents: invoices.receivedCents,
        paymentReference: invoices.paymentReference,
        dueAt: invoices.dueAt,
        issuedAt: invoices.issuedAt,
        // Whether a credit note corrects it already (tables named in the SQL: see memberCount).
        corrected: sql<number>`exists (select 1 from invoices as note where note.corrects_invoice_id = invoices.id)`.mapWith(Boolean),
      })
      .from(invoices)
      .where(eq(invoices.organizationId, id))
      .orderBy(desc(invoices.issuedAt))
      .limit(DETAIL_ROWS),
    ctx.db
      .select({ id: tickets.id, reference: tickets.reference, subject: tickets.subject, status: tickets.status, severity: tickets.severity, updatedAt: tickets.updatedAt })
      .from(tickets)
      .where(and(eq(tickets.organizationId, id), eq(tickets.confirmation, 'confirmed')))
      .orderBy(desc(tickets.updatedAt))
      .limit(DETAIL_ROWS),
    ctx.db.select({ value: sum(clusters.nodeCount).mapWith(Number) }).from(clusters).where(and(eq(clusters.organizationId, id), ne(clusters.status, 'deleted'))),
    ctx.db
      .select({ value: sum(credits.remainingCents).mapWith(Number) })
      .from(credits)
      .where(and(eq(credits.organizationId, id), or(isNull(credits.expiresAt), gt(credits.expiresAt, now)))),
    currentSupportPlan(ctx.db, id),
    ctx.db
      .select({ action: auditLog.action, metadata: auditLog.metadata, actorName: users.name, createdAt: auditLog.createdAt })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorUserId))
      .where(and(eq(auditLog.organizationId, id), inArray(auditLog.action, STATUS_ACTIONS)))
      .orderBy(desc(auditLog.createdAt))
      .limit(DETAIL_ROWS),
    outstandingCents(ctx.db, id),
    awaitingTransfers(ctx.db, id),
  ]);
  const org = organization.organization;
  return {
    ...pick(org, ['id', 'name', 'billingId', 'status', 'overdueSince', 'createdAt', 'invoicingAllowed', 'creditLimitCents', 'maxClusters', 'maxNodes', 'timezone']),
    members: organization.members,
    clusters: organization.clusters,
    outstandingCents: outstanding,
    nodesInUse: nodes?.value ?? 0,
    creditBalanceCents: credit?.value ?? 0,
    billing: billingProfiles.profileView({ profile: org.billingProfile, vatCheck: org.vatCheck }),
    supportPlan,
    memberList,
    clusterList,
    orderList,
    invoiceList,
    ticketList,
    statusHistory: history.map((entry) => ({
      action: entry.action,
      reason: typeof entry.metadata?.reason === 'string' ? entry.metadata.reason : null,
      actorName: entry.actorName,
      createdAt: entry.createdAt,
    })),
    awaitingTransfers: awaiting.map((transfer) => ({ ...transfer, overdue: transfer.dueAt !== null && transfer.dueAt < now })),
  };
}

async function ownersOf(db: Database, organizationId: string) {
  return db.select({ id: users.id, email: users.email, name: users.name }).from(users).where(and(eq(users.organizationId, organizationId), eq(users.organizationRole, 'owner')));
}

/**
 * Suspension stops new orders and payments (orders refuses them) but not what already runs: its
 * clusters keep serving, so a billing dispute never takes a customer's production down.
 */
export async function suspend(ctx: Staff, input: { id: string; reason: string }) {
  return changeStatus(ctx, input, 'suspended');
}

export async function reinstate(ctx: Staff, input: { id: string; reason: string }) {
  return changeStatus(ctx, input, 'active');
}

async function changeStatus(ctx: Staff, input: { id: string; reason: string }, to: 'active' | 'suspended') {
  const [organization] = await ctx.db.select({ id: organizations.id, name: organizations.name, status: organizations.status }).from(organizations).where(eq(organizations.id, input.id));
  if (!organization) notFound();
  if (to === 'suspended' && organization.status === 'suspended') throw new TRPCError({ code: 'CONFLICT', message: `${organization.name} is already suspended.` });
  if (to === 'active' && organization.status !== 'suspended') {
    throw new TRPCError({
      code: 'CONFLICT',
      message: organization.status === 'pending' ? `${organization.name} awaits approval: approve its registration instead.` : `${organization.name} is not suspended.`,
    });
  }
  const now = ctx.ports.clock.now();
  const action = to === 'suspended' ? 'organization.suspended' : 'organization.reinstated';
  await ctx.db.batch([
    ctx.db.update(organizations).set({ status: to, updatedAt: now }).where(and(eq(organizations.id, organization.id), eq(organizations.status, organization.status))),
    auditInsert(ctx.db, { actorUserId: ctx.user.id, organizationId: organization.id, action, targetType: 'organization', targetId: organization.id, ipAddress: ctx.request.ipAddress, metadata: { reason: input.reason, from: organization.status } }, now),
  ]);
  const owners = await ownersOf(ctx.db, organization.id);
  const message =
    to === 'suspended'
      ? `${organization.name} is suspended: new orders and payments are refused; your clusters keep running. Reason: ${input.reason}`
      : `${organization.name} is active again: you can order and pay. Note from our team: ${input.reason}`;
  for (const owner of owners) {
    await notify(ctx, owner.id, { type: to === 'suspended' ? 'warning' : 'success', message });
    mailInBackground(ctx.ports, async () =>
      plainMail(owner.email, to === 'suspended' ? `${organization.name} is suspended` : `${organization.name} is active again`, [
        `Hello ${owner.name},`,
        message,
        to === 'suspended' ? 'Contact our support team to find out more and to restore your organisation.' : 'Thank you for your patience.',
      ]),
    );
  }
  return { id: organization.id, status: to };
}

export async function updateSettings(ctx: Staff, input: SettingsInput) {
  const [organization] = await ctx.db.select().from(organizations).where(eq(organizations.id, input.id));
  if (!organization) notFound();
  const changes: Partial<Pick<typeof organization, 'invoicingAllowed' | 'maxClusters' | 'maxNodes' | 'creditLimitCents'>> = {};
  const before: Record<string, unknown> = {};
  for (const key of ['invoicingAllowed', 'maxClusters', 'maxNodes', 'creditLimitCents'] as const) {
    if (input[key] !== undefined && input[key] !== organization[key]) {
      (changes as Record<string, unknown>)[key] = input[key];
      before[key] = organization[key];
    }
  }
  const now = ctx.ports.clock.now();
  if (Object.keys(changes).length > 0) {
    await ctx.db.batch([
      ctx.db.update(organizations).set({ ...changes, updatedAt: now }).where(eq(organizations.id, organization.id)),
      auditInsert(
        ctx.db,
        { actorUserId: ctx.user.id, organizationId: organization.id, action: 'organization.settings_changed', targetType: 'organization', targetId: organization.id, ipAddress: ctx.request.ipAddress, metadata: { reason: input.reason, before, after: changes } },
        now,
      ),
    ]);
  }
  const merged = { ...organization, ...changes };
  return { id: merged.id, invoicingAllowed: merged.invoicingAllowed, maxClusters: merged.maxClusters, maxNodes: merged.maxNodes, creditLimitCents: merged.creditLimitCents };
}
