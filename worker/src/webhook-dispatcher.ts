import { deliverDueWebhooks, logError } from '@kubemarket/api';
import { DurableObject } from 'cloudflare:workers';
import { operatorContext } from './context';
import type { Env, WebhookDispatcherRpc } from './env';

const ORGANIZATION_KEY = 'organizationId';
/** When a run throws (the database unreachable), the next one. */
const RETRY_AFTER_ERROR_MS = 5_000;

/**
 * One per organisation (idFromName(organizationId)), ADR 36: the pattern of the ClusterOperator.
 * `wake` sets an alarm now (unless one is due sooner); each alarm sends what is due through
 * packages/api (webhooks/delivery.ts) and sets the next alarm at the next retry's time. Alarms are
 * durable, so retries hours away survive restarts; the database's claims keep a delivery from being
 * sent twice even if two runs overlap.
 */
export class WebhookDispatcher extends DurableObject<Env> implements WebhookDispatcherRpc {
  async wake(organizationId: string): Promise<void> {
    await this.ctx.storage.put(ORGANIZATION_KEY, organizationId);
    const current = await this.ctx.storage.getAlarm();
    if (current === null || current > Date.now()) await this.ctx.storage.setAlarm(Date.now());
  }

  /** The organisation this dispatcher serves and when it runs next (tests read it). */
  async status(): Promise<{ organizationId: string | null; alarmAt: number | null }> {
    return { organizationId: (await this.ctx.storage.get<string>(ORGANIZATION_KEY)) ?? null, alarmAt: await this.ctx.storage.getAlarm() };
  }

  override async alarm(): Promise<void> {
    const organizationId = await this.ctx.storage.get<string>(ORGANIZATION_KEY);
    if (!organizationId) return;
    let nextRunAt: number | null;
    try {
      ({ nextRunAt } = await deliverDueWebhooks(operatorContext(this.env), organizationId));
    } catch (error) {
      logError(`Webhook dispatch for ${organizationId} failed; retrying`, error);
      await this.ctx.storage.setAlarm(Date.now() + RETRY_AFTER_ERROR_MS);
      return;
    }
    if (nextRunAt !== null) await this.ctx.storage.setAlarm(Math.max(nextRunAt, Date.now()));
  }
}
