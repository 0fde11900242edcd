import {
  clusterLeftovers,
  clusterNodes,
  clusterOperations,
  clusters,
  users,
  type ClusterOperation,
  type Database,
} from '@kubemarket/db';
import { and, eq, isNull } from 'drizzle-orm';
import { logError } from '../../platform/log';
import { mailInBackground } from '../../platform/mailer';
import { notify } from '../../platform/notify';
import { wakeWebhooks, webhookEventStatement, type WebhookEvent } from '../../platform/webhook-events';
import { clusterEmails } from './emails';
import { operationView, type ClusterProgress } from './progress';
import { OPERATION_LABELS, type ClusterState, type EngineDeps } from './engine-state';
import { peopleOf } from '../../platform/people';

// Telling

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Members of the organisation, who all see its clusters. */
async function memberIds(db: Database, organizationId: string): Promise<string[]> {
  const rows = await db.select({ id: users.id }).from(users).where(peopleOf(organizationId, isNull(users.disabledAt)));
  return rows.map((row) => row.id);
}

/** Pushes the operation's state to every member's open consoles (the socket of issue 12). */
export async function publishProgress(deps: EngineDeps, clusterId: string, operationId: string): Promise<ClusterProgress | null> {
  const progress = await clusterProgress(deps, clusterId, operationId);
  if (!progress) return null;
  const members = await memberIds(deps.db, progress.organizationId);
  // One call to the organisation's hub, each member's sockets sent their own copy (ADR 43).
  await deps.ports.realtime
    .publish(
      progress.organizationId,
      members.map((userId) => ({ type: 'cluster_progress', userId, ...progress.message })),
    )
    .catch((error: unknown) => logError('Publishing cluster progress failed', error));
  return progress.message;
}

async function clusterProgress(deps: EngineDeps, clusterId: string, operationId: string) {
  const { db } = deps;
  const [[cluster], [operation], nodes] = await Promise.all([
    db.select({ name: clusters.name, status: clusters.status, organizationId: clusters.organizationId }).from(clusters).where(eq(clusters.id, clusterId)),
    db.select().from(clusterOperations).where(eq(clusterOperations.id, operationId)),
    db.select({ status: clusterNodes.status }).from(clusterNodes).where(eq(clusterNodes.clusterId, clusterId)),
  ]);
  if (!cluster || !operation) return null;
  const message: ClusterProgress = {
    clusterId,
    clusterName: cluster.name,
    clusterStatus: cluster.status,
    readyNodes: nodes.filter((node) => node.status === 'ready').length,
    operation: operationView(operation, deps.ports.clock.now()),
  };
  return { organizationId: cluster.organizationId, message };
}

/** Ready, failed, deleted: a notification for each member, and mail for the ones that matter. */
export async function tellEnded(deps: EngineDeps, state: ClusterState, operation: ClusterOperation, status: 'succeeded' | 'failed', reason: string | null) {
  // A schedule that works as planned twice a day is not news; only its failures are.
  if (operation.params.scheduled && status === 'succeeded') return;
  // The webhook event was written by the batch that ended the operation (endedWebhookStatements).
  if (clusterEventType(operation, status)) await wakeWebhooks(deps, state.cluster.organizationId);
  const { db } = deps;
  const name = state.cluster.name;
  const url = `${deps.request.appUrl}/clusters/${state.cluster.id}`;
  const recipients = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(peopleOf(state.cluster.organizationId, isNull(users.disabledAt)));
  const label = OPERATION_LABELS[operation.type];
  const middleware = operation.params.middlewareLabel;
  // What the deletion kept is still billed (issue 34): the message says so rather than "stopped".
  const kept = operation.type === 'delete' && status === 'succeeded' && !middleware ? await db.$count(clusterLeftovers, and(eq(clusterLeftovers.clusterId, state.cluster.id), eq(clusterLeftovers.status, 'kept'))) : 0;
  const stillBilled = kept === 0 ? '' : `, but for the ${kept === 1 ? 'resource' : `${kept} resources`} you kept, listed on the billing page`;
  const message = middleware
    ? middlewareEndedMessage(operation, middleware, name, status, reason)
    : status === 'succeeded'
      ? operation.type === 'provision'
        ? `Your cluster ${name} is ready.`
        : operation.type === 'delete'
          ? `The cluster ${name} was deleted; billing for it has stopped${stillBilled}.`
          : `${capitalise(label)} of ${name} finished.`
      : `${capitalise(label)} of ${name} failed: ${reason}`;
  await Promise.all(recipients.map((user) => notify(deps, user.id, { type: status === 'succeeded' ? 'success' : 'error', message }).catch((error: unknown) => logError('Notifying failed', error))));
  // Mail for what people wait for: a new cluster (ready or failed) and failures of anything else.
  if (operation.type !== 'provision' && status === 'succeeded' && (operation.type !== 'delete' || middleware)) return;
  for (const user of recipients) {
    mailInBackground(deps.ports, async () => clusterEmails.operationEnded({ to: user.email, name: user.name, clusterName: name, url, type: operation.type, status, reason, stillBilled }));
  }
}

/** For the batch that ends an operation: its webhook event (ADR 36), enqueued once per endpoint (the operation's id is its key). */
export function endedWebhookStatements(deps: EngineDeps, state: ClusterState, operation: ClusterOperation, status: 'succeeded' | 'failed', reason: string | null) {
  const type = clusterEventType(operation, status);
  if (!type) return [];
  const { cluster } = state;
  const data = { clusterId: cluster.id, name: cluster.name, operationId: operation.id, operation: operation.type, ...(reason ? { reason } : {}) };
  return [webhookEventStatement(deps, cluster.organizationId, { type, key: operation.id, data })];
}

/** The webhook event an ended operation is (ADR 36): a cluster ready, upgraded, deleted, or an operation failed. */
function clusterEventType(operation: ClusterOperation, status: 'succeeded' | 'failed'): WebhookEvent['type'] | null {
  if (operation.params.middlewareLabel) return null;
  if (status === 'failed') return 'cluster.failed';
  if (operation.type === 'provision') return 'cluster.ready';
  if (operation.type === 'upgrade') return 'cluster.upgraded';
  if (operation.type === 'delete') return 'cluster.deleted';
  return null;
}

function middlewareEndedMessage(operation: ClusterOperation, label: string, clusterName: string, status: 'succeeded' | 'failed', reason: string | null): string {
  if (status === 'failed') return `${capitalise(OPERATION_LABELS[operation.type])} (${label} in ${clusterName}) failed: ${reason}`;
  switch (operation.type) {
    case 'middleware_create':
      return `${label} is running in ${clusterName}.`;
    case 'middleware_resize':
      return `${label} now runs on the ${operation.params.planName ?? 'new'} plan.`;
    case 'middleware_restore':
      return `${label} was restored from its backup.`;
    default:
      return `${label} was deleted; billing for it has stopped.`;
  }
}
