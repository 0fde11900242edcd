import {
  clusters,
  clusterTiers,
  dataCenters,
  kubernetesVersions,
  newId,
  orderEvents,
  orders,
  organizations,
  payments,
  promotionRedemptions,
  ORDER_KINDS,
  ORDER_STATUSES,
  type BillingDetails,
  type Cluster,
  type Database,
  type OrderKind,
  type OrderLineRecord,
  type OrderStatus,
  type Organization,
  pageTotal,
  preparedOnce,
  totalRows,
} from '@kubemarket/db';
import type { Quote } from '@kubemarket/shared';
import { TRPCError } from '@trpc/server';
import { and, asc, count, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { auditInsert } from '../../platform/audit';
import { sha256Hex } from '../../platform/crypto';
import { isUniqueViolation } from '../../platform/db-errors';
import { escapeLike } from '../../platform/sql-like';
import { mailInBackground } from '../../platform/mailer';
import { consumeRateLimit, type RateLimitRule } from '../../platform/rate-limit';
import { organizationRow } from '../../platform/organization-rows';
import { checkNewClusterQuota } from '../clusters';
import type { QuoteInput } from '../quotes';
import { createQuote, PURCHASED_ORDER_STATUSES } from '../quotes';
import { profileForOrder, taxCustomerOf } from '../billing';
import { assertRegionAllowed } from '../team';
import { orderEmails } from './emails';
import { claimRedemption } from './redemptions';
import { notifyAll, orderRecipients, orderUrl, settleStatements, startFulfilment, type Settlement, type Statement } from './fulfilment';
import { euros } from '@kubemarket/shared';
import type { CreateOrderInput, ListOrdersInput, OrderLineInput } from './schemas';
import { orderDetail, orderOf, summaryQuery, summaryView, type Member } from './views';
import { placeMiddlewareLines } from '../middlewares';

/**
 * Orders: an organisation buys a cluster, add-ons for one of its clusters, middleware plans or a
 * support plan. The server prices every order with the authoritative quote and keeps that quote:
 * later catalogue changes never touch what was ordered. Members who may order place them; billing
 * managers pay them (payment.ts); everyone in the organisation reads them.
 */

export const CLUSTER_NOT_FOUND = 'No cluster with this id in your organisation.';

/** Per organisation: far above real use, low enough that a script gone wrong stops early. */
export const ORDER_CREATE_RATE_LIMIT = { limit: 60, windowMs: 60 * 60_000 } as const satisfies RateLimitRule;

const badRequest = (message: string) => new TRPCError({ code: 'BAD_REQUEST', message });

// ---------------------------------------------------------------------------------------------
// Who may order

const NOT_APPROVED =
  'Your organisation is waiting for approval by our team, so it cannot order yet. You can browse and build estimates meanwhile; we email the owner as soon as it is approved.';
const SUSPENDED = 'Your organisation is suspended, so it cannot order or pay. Contact our support team to find out why and to restore it.';
const REJECTED = 'Our team did not approve the registration of your organisation, so it cannot order. The owner received the reason by email; contact our support team if you think this is a mistake.';

export async function organizationOf(db: Database, organizationId: string): Promise<Organization> {
  const [row] = await db.select().from(organizations).where(eq(organizations.id, organizationId)).limit(1);
  // The session's organisation always exists (users reference it); a vanished one reads as suspended.
  if (!row) throw new TRPCError({ code: 'FORBIDDEN', message: SUSPENDED });
  return row;
}

/** Only an approved (active) organisation orders and pays. */
export function assertMayOrder(organization: Organization): void {
  if (organization.status === 'pending') throw new TRPCError({ code: 'FORBIDDEN', message: NOT_APPROVED });
  if (organization.status === 'rejected') throw new TRPCError({ code: 'FORBIDDEN', message: REJECTED });
  if (organization.status !== 'active') throw new TRPCError({ code: 'FORBIDDEN', message: SUSPENDED });
}

// ---------------------------------------------------------------------------------------------
// Lines

const KIND_NAMES: Record<OrderKind, string> = { cluster: 'a cluster', addon: 'add-ons', middleware: 'middlewares', support: 'a support plan' };

function listOf(items: readonly string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** One kind per order: it is fulfilled, listed and followed as one thing. */
function kindOf(lines: readonly OrderLineInput[]): OrderKind {
  const kinds = ORDER_KINDS.filter((kind) => lines.some((line) => line.kind === kind));
  if (kinds.length > 1) {
    throw badRequest(`An order holds one kind of item; this one mixes ${listOf(kinds.map((kind) => KIND_NAMES[kind]))}. Place a separate order for each.`);
  }
  const kind = kinds[0]!;
  if (kind === 'cluster' && lines.length > 1) throw badRequest('An order creates one cluster; place a separate order for each cluster.');
  if (kind === 'support' && lines.length > 1) throw badRequest('An order subscribes to one support plan.');
  return kind;
}

/**
 * The add-ons a cluster runs: those it was ordered with and those ordered for it since, once paid.
 * (Issue 12's cluster operations will keep them on the cluster itself.)
 */
export async function installedAddonIds(db: Database, organizationId: string, clusterId: string): Promise<string[]> {
  const rows = await db
    .select({ lines: orders.lines })
    .from(orders)
    .where(
      and(
        eq(orders.organizationId, organizationId),
        inArray(orders.status, PURCHASED_ORDER_STATUSES),
        or(eq(orders.createdClusterId, clusterId), eq(orders.targetClusterId, clusterId)),
      ),
    );
  const installed = new Set<string>();
  for (const row of rows) {
    for (const line of row.lines) {
      if (line.kind === 'cluster') line.addonIds.forEach((id) => installed.add(id));
      if (line.kind === 'addon' && line.clusterId === clusterId) installed.add(line.addonId);
    }
  }
  return [...installed];
}

const clusterOf = (db: Database, organizationId: string, id: string): Promise<Cluster> => organizationRow(db, clusters, organizationId, id, CLUSTER_NOT_FOUND);

/** Pending orders of the organisation whose lines match `condition` (a JSON test on orders.lines). */
async function pendingOrderWith(db: Database, organizationId: string, condition: SQL): Promise<string | null> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.organizationId, organizationId), eq(orders.status, 'pending'), condition))
    .limit(1);
  return row?.id ?? null;
}

type EngineLine = QuoteInput['lines'][number];
/** Lines stored and priced as the customer sent them. */
type PlainLine = Extract<OrderLineInput, { kind: 'support' }>;

interface ResolvedLines {
  kind: OrderKind;
  /** What the engine prices. */
  engineLines: EngineLine[];
  /** What is stored (completed once quoted). */
  records: OrderLineRecord[];
  targetCluster: Cluster | null;
}

/** Add-on lines name a cluster of the organisation; its tier, version and add-ons come from it. */
async function resolveLines(ctx: Member, lines: readonly OrderLineInput[]): Promise<ResolvedLines> {
  const kind = kindOf(lines);
  if (kind === 'middleware') {
    // Priced by plan; stored with where each instance runs (issue 31).
    const middlewareLines = lines.filter((line) => line.kind === 'middleware');
    const records = await placeMiddlewareLines(ctx.db, ctx.organizationId, middlewareLines);
    return { kind, engineLines: middlewareLines.map(({ kind: lineKind, planId }) => ({ kind: lineKind, planId })), records, targetCluster: null };
  }
  if (kind !== 'addon') {
    const engineLines = lines.map((line): EngineLine => {
      // Support lines (add-on orders are resolved below) are priced as sent.
      if (line.kind !== 'cluster') return line as PlainLine;
      const { name: _name, zones: _zones, networking: _networking, maintenance: _maintenance, ...priced } = line;
      return { ...priced, nodePools: priced.nodePools.map(({ labels: _labels, taints: _taints, ...pool }) => pool) };
    });
    return { kind, engineLines, records: [], targetCluster: null };
  }

  const addonLines = lines.filter((line) => line.kind === 'addon');
  const clusterIds = [...new Set(addonLines.map((line) => line.clusterId))];
  if (clusterIds.length > 1) throw badRequest('An add-on order is for one cluster; order the add-ons of another cluster separately.');
  const cluster = await clusterOf(ctx.db, ctx.organizationId, clusterIds[0]!);
  if (cluster.status === 'deleting' || cluster.status === 'failed') {
    throw badRequest(`The cluster ${cluster.name} is ${cluster.status === 'deleting' ? 'being deleted' : 'in a failed state'}, so add-ons cannot be ordered for it.`);
  }
  const seen = new Set<string>();
  for (const line of addonLines) {
    if (seen.has(line.addonId)) throw badRequest(`The add-on "${line.addonId}" is in this order twice.`);
    seen.add(line.addonId);
    const pending = await pendingOrderWith(
      ctx.db,
      ctx.organizationId,
      sql`${orders.targetClusterId} = ${cluster.id} AND EXISTS (SELECT 1 FROM json_each(${orders.lines}) WHERE json_extract(value, '$.addonId') = ${line.addonId})`,
    );
    if (pending) throw badRequest(`Order ${pending}, awaiting payment, already adds "${line.addonId}" to ${cluster.name}; pay or cancel it instead.`);
  }
  // Each add-on is checked against what the cluster runs plus the add-ons before it in this order.
  const running = await installedAddonIds(ctx.db, ctx.organizationId, cluster.id);
  const records: OrderLineRecord[] = [];
  const engineLines: EngineLine[] = addonLines.map((line, index) => {
    const record = {
      kind: 'addon' as const,
      addonId: line.addonId,
      clusterId: cluster.id,
      clusterName: cluster.name,
      clusterTierId: cluster.tierId,
      kubernetesVersion: cluster.kubernetesVersion,
      existingAddonIds: [...running, ...addonLines.slice(0, index).map((earlier) => earlier.addonId)],
    };
    records.push(record);
    const { clusterId: _clusterId, clusterName: _clusterName, ...priced } = record;
    return priced;
  });
  return { kind, engineLines, records, targetCluster: cluster };
}

/**
 * After the quote accepted the cluster line: its region is one the organisation allows (EU-only
 * regions, issue 34), its name is free in the organisation, its zones are the region's, and its Kubernetes version is stored with the patch it gets ("1.37" → "1.37.1").
 */
async function clusterRecord(ctx: Member, line: Extract<OrderLineInput, { kind: 'cluster' }>): Promise<OrderLineRecord> {
  await assertRegionAllowed(ctx.db, ctx.organizationId, line.regionId);
  const [[existing], pending, [region], versions] = await Promise.all([
    ctx.db
      .select({ id: clusters.id })
      .from(clusters)
      .where(and(eq(clusters.organizationId, ctx.organizationId), eq(clusters.name, line.name)))
      .limit(1),
    pendingOrderWith(ctx.db, ctx.organizationId, sql`${orders.kind} = 'cluster' AND json_extract(${orders.lines}, '$[0].name') = ${line.name}`),
    ctx.db.select({ zones: dataCenters.zones }).from(dataCenters).where(eq(dataCenters.id, line.regionId)).limit(1),
    ctx.db.select({ version: kubernetesVersions.version, patch: kubernetesVersions.patch }).from(kubernetesVersions),
  ]);
  if (existing) throw badRequest(`Your organisation already has a cluster named "${line.name}"; choose another name.`);
  if (pending) throw badRequest(`Order ${pending}, awaiting payment, already creates a cluster named "${line.name}"; pay or cancel it, or choose another name.`);
  const regionZones = region?.zones ?? [];
  const zones = line.zones.length === 0 ? regionZones : [...new Set(line.zones)];
  for (const zone of zones) {
    if (!regionZones.includes(zone)) throw badRequest(`The zone "${zone}" is not in ${line.regionId}; its zones are ${listOf(regionZones)}.`);
  }
  const wanted = line.kubernetesVersion.replace(/^v/i, '');
  const [major, minor, patch] = wanted.split('.');
  const offered = versions.find((version) => version.version === `${major}.${minor}`);
  const kubernetesVersion = patch !== undefined ? wanted : `${major}.${minor}.${offered?.patch ?? 0}`;
  const { name, zones: _zones, networking, maintenance, nodePools, ...priced } = line;
  return {
    ...priced,
    kubernetesVersion,
    name,
    nodePools: nodePools.map((pool) => ({ ...pool, autoscale: pool.autoscale ?? null })),
    settings: {
      zones,
      cni: networking.cni,
      podCidr: networking.podCidr,
      serviceCidr: networking.serviceCidr,
      apiAllowList: [...new Set(networking.apiAllowList)],
      maintenanceWindow: { day: maintenance.day, startHour: maintenance.startHour },
      autoUpgrade: maintenance.autoUpgrade,
    },
  };
}

const MAX_SUMMARY = 200;

/** One line for lists, from the quote's own labels. */
async function summaryOf(db: Database, records: readonly OrderLineRecord[], quote: Quote): Promise<string> {
  let summary: string;
  const first = records[0]!;
  if (first.kind === 'cluster') {
    const [tier] = await db.select({ name: clusterTiers.name }).from(clusterTiers).where(eq(clusterTiers.id, first.tierId)).limit(1);
    summary = `${tier?.name ?? first.tierId} cluster ${first.name} in ${first.regionId}`;
  } else if (first.kind === 'addon') {
    const names = quote.lines.map((line) => (line.components[0]?.label ?? line.label).replace(/ add-on$/, ''));
    summary = `${listOf(names)} add-on${names.length > 1 ? 's' : ''} for ${first.clusterName}`;
  } else if (first.kind === 'middleware') {
    // "PostgreSQL: Business HA orders-db in webshop-prod"
    summary = quote.lines
      .map((line, index) => {
        const record = records[index];
        return record?.kind === 'middleware' && record.name ? `${line.label} ${record.name} in ${record.clusterName}` : line.label;
      })
      .join(', ');
  } else {
    summary = quote.lines.map((line) => line.label).join(', ');
  }
  return summary.length > MAX_SUMMARY ? `${summary.slice(0, MAX_SUMMARY - 1)}…` : summary;
}

// ---------------------------------------------------------------------------------------------
// Placing an order

/** Same key and the same order: the order already placed. Same key, another order: 409. */
async function replayed(ctx: Member, scopedKey: string, requestHash: string) {
  const [existing] = await ctx.db
    .select({ id: orders.id, requestHash: orders.requestHash })
    .from(orders)
    .where(and(eq(orders.idempotencyKey, scopedKey), eq(orders.organizationId, ctx.organizationId)))
    .limit(1);
  if (!existing) return null;
  if (existing.requestHash !== requestHash) {
    throw new TRPCError({ code: 'CONFLICT', message: 'This Idempotency-Key was already used for a different order.' });
  }
  return orderDetail(ctx.db, ctx.organizationId, existing.id);
}

/**
 * Places an order: the server quotes it (the authoritative quote of quotes.create) and stores the
 * order, its lines, that quote and the first event of its timeline in one batch. A repeated
 * request with the same Idempotency-Key answers the same order. An order with nothing to pay (the
 * free Basic support plan) is confirmed at once, without a charge.
 */
export async function createOrder(ctx: Member, input: CreateOrderInput) {
  const scopedKey = `${ctx.organizationId}:${input.idempotencyKey}`;
  const { idempotencyKey: _key, ...request } = input;
  const requestHash = await sha256Hex(JSON.stringify(request));
  const again = await replayed(ctx, scopedKey, requestHash);
  if (again) return again;

  assertMayOrder(await organizationOf(ctx.db, ctx.organizationId));
  const now = ctx.ports.clock.now();
  await consumeRateLimit(ctx.db, `orders:create:org:${ctx.organizationId}`, ORDER_CREATE_RATE_LIMIT, now);

  const resolved = await resolveLines(ctx, input.lines);
  const clusterLine = input.lines.find((line) => line.kind === 'cluster');
  // Before anything is written: an organisation at its quota learns it now, not after paying.
  if (clusterLine) await checkNewClusterQuota(ctx.db, ctx.organizationId, clusterLine.nodePools.reduce((sum, pool) => sum + pool.count, 0));
  // Taxed by the organisation's billing profile, never by what the order says (issue 30).
  const taxed = await profileForOrder(ctx.db, ctx.ports, ctx.organizationId, { ...input.billing, vatNumber: input.billing.vatNumber || null });
  const customer = taxCustomerOf(taxed, false);
  const quote = await createQuote(ctx, {
    lines: resolved.engineLines,
    cycle: input.cycle,
    promotionCode: input.promotionCode ?? null,
    customer: { countryCode: customer.countryCode, vatNumber: customer.vatNumber ?? null, isBusiness: customer.isBusiness },
  });
  const records =
    resolved.kind === 'addon' || resolved.kind === 'middleware'
      ? resolved.records
      : await Promise.all(input.lines.map((line) => (line.kind === 'cluster' ? clusterRecord(ctx, line) : Promise.resolve<OrderLineRecord>(line as PlainLine))));
  const organization = await organizationOf(ctx.db, ctx.organizationId);
  const billing: BillingDetails = {
    companyName: input.billing.companyName,
    billingId: organization.billingId,
    vatNumber: taxed.profile.vatNumber,
    countryCode: taxed.profile.countryCode,
    addressLine1: input.billing.addressLine1,
    addressLine2: input.billing.addressLine2,
    postalCode: input.billing.postalCode,
    city: input.billing.city,
    vatCheck: taxed.vatCheck,
  };
  const summary = await summaryOf(ctx.db, records, quote);

  const id = newId('order');
  const row = {
    id,
    organizationId: ctx.organizationId,
    userId: ctx.user.id,
    kind: resolved.kind,
    status: 'pending' as const,
    totalCents: quote.totalCents,
    currency: 'EUR',
    idempotencyKey: scopedKey,
    createdAt: now,
    cycle: quote.cycle,
    subtotalCents: quote.subtotalCents,
    discountCents: quote.discount?.amountCents ?? 0,
    taxCents: quote.tax.amountCents,
    promotionCode: quote.promotion?.code ?? null,
    promotionApplied: quote.promotion?.applied ?? false,
    lines: records,
    quote,
    billing,
    summary,
    requestHash,
    targetClusterId: resolved.targetCluster?.id ?? null,
    createdClusterId: null,
    paymentMethod: null,
    failureReason: null,
    paidAt: null,
    cancelledAt: null,
    updatedAt: now,
  };
  const statements: Statement[] = [
    ctx.db.insert(orders).values(row),
    ctx.db.insert(orderEvents).values({ id: newId('orderEvent'), orderId: id, type: 'placed', message: `Order placed by ${ctx.user.name}: ${summary}.`, data: { amountCents: quote.totalCents }, createdAt: now }),
    auditInsert(
      ctx.db,
      { actorUserId: ctx.user.id, action: 'order.placed', targetType: 'order', targetId: id, ipAddress: ctx.request.ipAddress, metadata: { organizationId: ctx.organizationId, kind: resolved.kind, totalCents: quote.totalCents } },
      now,
    ),
  ];
  const free = quote.totalCents === 0;
  const settlement: Settlement = { how: 'free', method: 'none', paymentId: null, message: 'Nothing to pay: the order is confirmed without a charge.' };
  if (free) statements.push(...settleStatements(ctx, row, settlement, now).statements);
  // A promotion that makes the order free is held by it before it is confirmed: its redemption
  // limits decide between orders placed at once (ADR 27), as they do for paid orders.
  const freeByPromotion = free && row.promotionApplied && row.promotionCode !== null && row.discountCents > 0;
  if (freeByPromotion && !(await claimRedemption(ctx.db, { orderId: id, organizationId: ctx.organizationId, code: row.promotionCode!, discountCents: row.discountCents, now }))) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: `Promotion code ${row.promotionCode}: This code has been used as many times as it may be.` });
  }
  try {
    await ctx.db.batch(statements as unknown as Parameters<Database['batch']>[0]);
  } catch (error) {
    if (freeByPromotion) await ctx.db.delete(promotionRedemptions).where(eq(promotionRedemptions.orderId, id));
    // The same key, sent twice at once: the other request placed the order.
    if (isUniqueViolation(error)) {
      const winner = await replayed(ctx, scopedKey, requestHash);
      if (winner) return winner;
    }
    throw error;
  }

  if (free) {
    const [placed] = await ctx.db.select().from(orders).where(eq(orders.id, id));
    await startFulfilment(ctx, placed!, settlement, null);
  } else {
    const recipients = await orderRecipients(ctx.db, [ctx.user.id]);
    await notifyAll(ctx, recipients, 'info', `Order placed: ${summary}, ${euros(quote.totalCents)}. It awaits payment.`);
    const { user } = ctx;
    mailInBackground(ctx.ports, async () =>
      orderEmails.placed({ to: user.email, name: user.name, orderId: id, summary, totalCents: quote.totalCents, cycle: quote.cycle, url: orderUrl(ctx, id) }),
    );
  }
  return orderDetail(ctx.db, ctx.organizationId, id);
}

// ---------------------------------------------------------------------------------------------
// Reading

/** `column LIKE %words%`, with the customer's % and _ taken literally. */
const SORTS = {
  newest: [desc(orders.createdAt), desc(orders.id)],
  oldest: [asc(orders.createdAt), asc(orders.id)],
  total_desc: [desc(orders.totalCents), desc(orders.createdAt)],
  total_asc: [asc(orders.totalCents), desc(orders.createdAt)],
} as const;

/**
 * The organisation's orders, filtered, searched, sorted and paginated here. The statement of each
 * shape (which filters, which order) is built once per database handle, its values bound per call
 * (preparedOnce, ADR 44).
 */
export async function listOrders(ctx: Member, input: ListOrdersInput) {
  const words = input.q?.trim();
  const key = `${input.kind ? 1 : 0}${input.status ? 1 : 0}${words ? 1 : 0}`;
  const where = () =>
    and(
      eq(orders.organizationId, sql.placeholder('organizationId')),
      input.kind ? eq(orders.kind, sql.placeholder('kind')) : undefined,
      input.status ? eq(orders.status, sql.placeholder('status')) : undefined,
      // The words as typed: a "%" or "_" is a character, not a wildcard.
      words ? or(sql`${orders.summary} LIKE ${sql.placeholder('pattern')} ESCAPE '\\'`, sql`${orders.id} LIKE ${sql.placeholder('pattern')} ESCAPE '\\'`) : undefined,
    );
  const values = { organizationId: ctx.organizationId, kind: input.kind, status: input.status, pattern: `%${escapeLike(words ?? '')}%` };
  const page = preparedOnce(ctx.db, `orders.list:${key}:${input.sort}`, () =>
    summaryQuery(ctx.db, { total: totalRows() })
      .where(where())
      .orderBy(...SORTS[input.sort])
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(),
  );
  const offset = (input.page - 1) * input.pageSize;
  const rows = await page.all({ ...values, limit: input.pageSize, offset });
  const totalCount = await pageTotal(rows, offset, async () => {
    const counted = preparedOnce(ctx.db, `orders.count:${key}`, () => ctx.db.select({ value: count() }).from(orders).where(where()).prepare());
    return (await counted.all(values))[0]?.value ?? 0;
  });
  return {
    items: rows.map((row) => summaryView(row.order, row.placer)),
    total: totalCount,
    page: input.page,
    pageSize: input.pageSize,
    pageCount: Math.max(1, Math.ceil(totalCount / input.pageSize)),
  };
}

/** How many orders of each kind and in each status (/orders). */
export async function orderCounts(ctx: Member) {
  const rows = await ctx.db
    .select({ kind: orders.kind, status: orders.status, value: count() })
    .from(orders)
    .where(eq(orders.organizationId, ctx.organizationId))
    .groupBy(orders.kind, orders.status);
  const byKind = Object.fromEntries(ORDER_KINDS.map((kind) => [kind, 0])) as Record<OrderKind, number>;
  const byStatus = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as Record<OrderStatus, number>;
  let total = 0;
  for (const row of rows) {
    byKind[row.kind] += row.value;
    byStatus[row.status] += row.value;
    total += row.value;
  }
  return { total, byKind, byStatus };
}

export function getOrder(ctx: Member, id: string) {
  return orderDetail(ctx.db, ctx.organizationId, id);
}

// ---------------------------------------------------------------------------------------------
// Cancelling

/** Why an order that is no longer pending cannot be paid or cancelled. */
export function settledMessage(status: OrderStatus, action: 'paid' | 'cancelled'): string {
  switch (status) {
    case 'cancelled':
      return action === 'paid' ? 'This order was cancelled, so it cannot be paid; place a new order instead.' : 'This order is already cancelled.';
    case 'failed':
      return `This order failed, so it cannot be ${action}.`;
    case 'provisioning':
      return `This order is already paid and its cluster is being provisioned, so it cannot be ${action}.`;
    default:
      return `This order is already ${status === 'paid' ? 'paid' : 'paid and completed'}, so it cannot be ${action}.`;
  }
}

/** Only before payment: a pending order with no payment under way or taken. */
export async function cancelOrder(ctx: Member, id: string) {
  const order = await orderOf(ctx.db, ctx.organizationId, id);
  if (order.status !== 'pending') throw badRequest(settledMessage(order.status, 'cancelled'));
  const now = ctx.ports.clock.now();
  const attempts = await ctx.db.select().from(payments).where(eq(payments.orderId, order.id));
  if (attempts.some((payment) => payment.status === 'pending' || payment.status === 'processing' || payment.status === 'succeeded')) {
    throw badRequest('A payment for this order is under way, so it cannot be cancelled now. Wait for its outcome.');
  }
  const awaiting = attempts.filter((payment) => payment.status === 'requires_action').map((payment) => payment.id);
  const statements: Statement[] = [
    ctx.db.insert(orderEvents).values({ id: newId('orderEvent'), orderId: order.id, type: 'cancelled', message: `Order cancelled by ${ctx.user.name}.`, createdAt: now }),
    ctx.db.update(orders).set({ status: 'cancelled', cancelledAt: now, updatedAt: now }).where(and(eq(orders.id, order.id), eq(orders.status, 'pending'))),
    auditInsert(ctx.db, { actorUserId: ctx.user.id, action: 'order.cancelled', targetType: 'order', targetId: order.id, ipAddress: ctx.request.ipAddress, metadata: { organizationId: ctx.organizationId } }, now),
    // A first-purchase promotion the order held goes back to the organisation.
    ctx.db.delete(promotionRedemptions).where(eq(promotionRedemptions.orderId, order.id)),
  ];
  // A payment left at its authentication step can no longer complete the order.
  if (awaiting.length > 0) {
    statements.push(
      ctx.db
        .update(payments)
        .set({ status: 'declined', declineCode: 'payment_canceled', failureReason: 'The order was cancelled, so nothing was charged.', updatedAt: now })
        .where(inArray(payments.id, awaiting)),
    );
  }
  try {
    await ctx.db.batch(statements as unknown as Parameters<Database['batch']>[0]);
  } catch (error) {
    // Settled meanwhile: paid by a concurrent payment, or cancelled by a concurrent request.
    if (isUniqueViolation(error)) {
      const current = await orderOf(ctx.db, ctx.organizationId, id);
      throw badRequest(settledMessage(current.status, 'cancelled'));
    }
    throw error;
  }
  const recipients = await orderRecipients(ctx.db, [order.userId, ctx.user.id]);
  await notifyAll(ctx, recipients, 'info', `Order cancelled by ${ctx.user.name}: ${order.summary}.`);
  return orderDetail(ctx.db, ctx.organizationId, id);
}

