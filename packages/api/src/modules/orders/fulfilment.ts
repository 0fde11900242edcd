import {
  clusterOperations,
  newId,
  orderEvents,
  orders,
  users,
  type Database,
  type NotificationType,
  type Order,
  type OrderLineRecord,
  type PaymentMethod,
} from '@kubemarket/db';
import type { BatchItem } from 'drizzle-orm/batch';
import { and, eq, inArray } from 'drizzle-orm';
import type { Ports } from '../../context';
import { logError } from '../../platform/log';
import { mailInBackground, type MailMessage } from '../../platform/mailer';
import { notify } from '../../platform/notify';
import { wakeWebhooks, webhookEventStatement } from '../../platform/webhook-events';
import { handOver } from '../clusters';
import { orderInvoiceStatements } from '../invoices';
import { addonInstallStatements, newClusterStatements, startAddonInstall } from '../clusters';
import { instanceStatements, startOrderInstances } from '../middlewares';
import { orderEmails } from './emails';
import { euros } from '@kubemarket/shared';
import type { Deps } from './views';

/**
 * What happens once an order is settled (paid, invoiced, or free): the cluster of a cluster order
 * is created and starts provisioning; add-ons, middlewares and support plans are delivered at once.
 * The database part is written in the batch that settles the order, so an order is never paid
 * without its cluster; startFulfilment does the rest once that batch is committed.
 */

export type Statement = BatchItem<'sqlite'>;

export interface Settlement {
  how: 'paid' | 'invoiced' | 'free';
  method: PaymentMethod;
  /** Our payment row (payments.id); null for a free order. */
  paymentId: string | null;
  /** The payment event's sentence, e.g. "Payment received by card (Visa ending in 4242)." */
  message: string;
  /** Bank transfer: when the invoice is due. */
  dueAt?: number;
}

export const INVOICE_DUE_DAYS = 30;

function clusterLineOf(order: Pick<Order, 'lines'>) {
  const line = order.lines[0];
  return line?.kind === 'cluster' ? line : null;
}

/** "the Velero backups add-on" / "the Velero backups and Grafana Loki add-ons". */
function addonNames(lines: readonly OrderLineRecord[], names: ReadonlyMap<string, string>): string {
  const list = lines.flatMap((line) => (line.kind === 'addon' ? [names.get(line.addonId) ?? line.addonId] : []));
  if (list.length <= 1) return `the ${list.join('')} add-on`;
  return `the ${list.slice(0, -1).join(', ')} and ${list.at(-1)} add-ons`;
}

/** Add-on names of the order's quote, which labels each add-on line "<name> add-on …". */
function quotedAddonNames(order: Pick<Order, 'quote' | 'lines'>): Map<string, string> {
  const names = new Map<string, string>();
  order.lines.forEach((line, index) => {
    const label = order.quote?.lines[index]?.components[0]?.label;
    if (line.kind === 'addon' && label) names.set(line.addonId, label.replace(/ add-on$/, ''));
  });
  return names;
}

/** What the order delivers once settled, in the sentences of its timeline. */
function delivery(order: Order) {
  const cluster = clusterLineOf(order);
  if (cluster) {
    return {
      status: 'provisioning' as const,
      event: { type: 'provisioning_started' as const, message: `Provisioning of the cluster ${cluster.name} started.` },
      nextStep: `Your cluster ${cluster.name} is being provisioned in ${cluster.regionId}; this takes a few minutes, and we tell you when it is running.`,
    };
  }
  const placed = order.lines.filter((line) => line.kind === 'middleware' && line.clusterId && line.name);
  if (order.kind === 'middleware' && placed.length > 0) {
    const names = placed.map((line) => (line.kind === 'middleware' ? `${line.name} in ${line.clusterName}` : '')).join(', ');
    return {
      status: 'provisioning' as const,
      event: { type: 'provisioning_started' as const, message: `Creating ${names} started.` },
      nextStep: `${order.summary} ${placed.length > 1 ? 'are' : 'is'} being created; this takes a few minutes, and its page shows the progress.`,
    };
  }
  const firstLine = order.lines[0];
  const target = firstLine?.kind === 'addon' ? firstLine.clusterName : null;
  const message =
    order.kind === 'addon'
      ? `${addonNames(order.lines, quotedAddonNames(order)).replace(/^the /, 'The ')} ${order.lines.length > 1 ? 'are' : 'is'} added to ${target}; the cluster's page shows the installation.`
      : order.kind === 'support'
        ? `The ${order.summary.replace(/^Support: /, '')} support plan is active.`
        : `${order.summary} ${order.lines.length > 1 ? 'are' : 'is'} ready.`;
  return { status: 'completed' as const, event: { type: 'completed' as const, message }, nextStep: message };
}

/**
 * The statements that settle a pending order and start delivering it, for one batch. The settling
 * event goes first: an order settled meanwhile (a concurrent payment, a cancel) refuses it through
 * the unique index, and with it the whole batch.
 */
export function settleStatements(
  deps: { db: Database; ports: Pick<Ports, 'provisioner' | 'clock' | 'webhooks'> },
  order: Order,
  settlement: Settlement,
  now: number,
): { statements: Statement[]; clusterId: string | null; operationId: string | null } {
  const { db } = deps;
  const statements: Statement[] = [
    db.insert(orderEvents).values({
      id: newId('orderEvent'),
      orderId: order.id,
      type: settlement.how === 'invoiced' ? 'invoiced' : 'paid',
      message: settlement.message,
      paymentId: settlement.paymentId,
      data: { amountCents: settlement.how === 'free' ? 0 : order.totalCents, ...(settlement.dueAt === undefined ? {} : { dueAt: settlement.dueAt }) },
      createdAt: now,
    }),
  ];
  // The order's invoice, numbered in this batch: settled once, invoiced once (issue 30).
  if (settlement.how !== 'free') statements.push(...orderInvoiceStatements(db, order, { how: settlement.how, ...(settlement.dueAt === undefined ? {} : { dueAt: settlement.dueAt }) }, now).statements);
  const { status, event } = delivery(order);
  const line = clusterLineOf(order);
  const built = line ? newClusterStatements(deps, order, line, now) : null;
  const clusterId = built?.clusterId ?? null;
  if (built) statements.push(...built.statements);
  statements.push(...addonInstallStatements(db, order, now), ...instanceStatements(db, order, now));
  statements.push(
    db
      .update(orders)
      .set({
        status,
        paymentMethod: settlement.method,
        paidAt: settlement.how === 'invoiced' ? null : now,
        createdClusterId: clusterId ?? order.createdClusterId,
        updatedAt: now,
      })
      .where(eq(orders.id, order.id)),
    db.insert(orderEvents).values({
      id: newId('orderEvent'),
      orderId: order.id,
      ...event,
      data: clusterId ? { clusterId } : order.targetClusterId ? { clusterId: order.targetClusterId } : null,
      createdAt: now,
    }),
  );
  // order.paid, enqueued in the batch that settles the order: once per order and endpoint (ADR 36).
  if (settlement.how === 'paid') {
    statements.push(
      webhookEventStatement(deps, order.organizationId, {
        type: 'order.paid',
        key: order.id,
        data: { orderId: order.id, summary: order.summary, totalCents: order.totalCents, currency: order.currency, paymentMethod: settlement.method, clusterId },
      }),
    );
  }
  return { statements, clusterId, operationId: built?.operationId ?? null };
}

/** The members to tell about an order: who placed it and who paid it, once each. */
export async function orderRecipients(db: Database, userIds: ReadonlyArray<string | null | undefined>) {
  const ids = [...new Set(userIds.filter((id): id is string => Boolean(id)))];
  if (ids.length === 0) return [];
  return db.select({ id: users.id, name: users.name, email: users.email, disabledAt: users.disabledAt }).from(users).where(inArray(users.id, ids));
}

export function orderUrl(deps: Deps, orderId: string): string {
  return `${deps.request.appUrl}/order-status/${orderId}`;
}

/**
 * Mails each recipient still enabled, in the background: `mail` makes the message from what every
 * order mail says (who it is to, the order, its total and cycle, its page).
 */
export function mailRecipients(
  deps: Deps,
  recipients: ReadonlyArray<{ email: string; name: string; disabledAt: number | null }>,
  order: Pick<Order, 'id' | 'summary' | 'totalCents' | 'cycle'>,
  mail: (fields: { to: string; name: string; orderId: string; summary: string; totalCents: number; cycle: Order['cycle']; url: string }) => MailMessage | null | Promise<MailMessage | null>,
) {
  for (const recipient of recipients) {
    if (recipient.disabledAt !== null) continue;
    mailInBackground(deps.ports, async () =>
      mail({ to: recipient.email, name: recipient.name, orderId: order.id, summary: order.summary, totalCents: order.totalCents, cycle: order.cycle, url: orderUrl(deps, order.id) }),
    );
  }
}

/** Notifies each recipient (a failure is logged: the order is already written). */
export async function notifyAll(deps: Deps, recipients: ReadonlyArray<{ id: string }>, type: NotificationType, message: string) {
  await Promise.all(
    recipients.map((recipient) =>
      notify(deps, recipient.id, { type, message }).catch((error: unknown) => logError('Notifying an order change failed', error)),
    ),
  );
}

/**
 * Runs once the order is settled and committed: hands the cluster's provisioning (written by the
 * settling batch) to its operator, and tells the members what happens next.
 */
export async function startFulfilment(deps: Deps, order: Order, settlement: Settlement, payerUserId: string | null): Promise<void> {
  if (order.createdClusterId) {
    const [operation] = await deps.db
      .select({ id: clusterOperations.id })
      .from(clusterOperations)
      .where(and(eq(clusterOperations.clusterId, order.createdClusterId), eq(clusterOperations.orderId, order.id), eq(clusterOperations.status, 'running')))
      .limit(1);
    if (operation) await handOver(deps, order.createdClusterId, operation.id);
  }
  // An add-on order's install runs on its cluster's operator, with progress (issue 31).
  if (order.kind === 'addon') {
    await startAddonInstall(deps, order, quotedAddonNames(order)).catch((error: unknown) => logError('Starting the install of ordered add-ons failed', error));
  }
  // A middleware order's instances are created by their clusters' operators (issue 31).
  if (order.kind === 'middleware') {
    await startOrderInstances(deps, order).catch((error: unknown) => logError('Starting the ordered middlewares failed', error));
  }
  if (settlement.how === 'paid') await wakeWebhooks(deps, order.organizationId);
  // The order is settled and written: telling people about it must not turn that into an error.
  await tellSettled(deps, order, settlement, payerUserId).catch((error: unknown) => logError('Telling members about a settled order failed', error));
}

async function tellSettled(deps: Deps, order: Order, settlement: Settlement, payerUserId: string | null): Promise<void> {
  const { nextStep } = delivery(order);
  const recipients = await orderRecipients(deps.db, [order.userId, payerUserId]);
  const paidPart =
    settlement.how === 'paid' ? `Payment of ${euros(order.totalCents)} received` : settlement.how === 'invoiced' ? 'Order confirmed, invoice to follow' : 'Order confirmed';
  await notifyAll(deps, recipients, 'success', `${paidPart}: ${order.summary}. ${nextStep}`);
  mailRecipients(deps, recipients, order, (fields) => orderEmails.settled({ ...fields, how: settlement.how, dueAt: settlement.dueAt ?? null, nextStep }));
}
