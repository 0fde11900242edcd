import { advanceOperation, logError, startPendingAfter } from '@kubemarket/api';
import { DurableObject } from 'cloudflare:workers';
import { operatorContext } from './context';
import type { ClusterOperatorRpc, Env } from './env';

const OPERATION_KEY = 'operation';
const APP_URL_KEY = 'appUrl';

/**
 * One per cluster (idFromName(clusterId)), ADR 6: a thin scheduler. `start` records the operation
 * and sets an alarm; each alarm runs one step through the engine (packages/api clusters/engine.ts)
 * and sets the next alarm at the time the engine answers. Alarms are durable: after a restart or
 * an eviction the pending alarm fires and the operation goes on from the step stored in the database.
 * A Durable Object handles one event at a time, so a cluster's steps never run concurrently.
 */
export class ClusterOperator extends DurableObject<Env> implements ClusterOperatorRpc {
  /** Takes an operation over (a new one, or a retry) and runs its first step at once. */
  async start(operationId: string, appUrl?: string): Promise<void> {
    await this.ctx.storage.put(OPERATION_KEY, operationId);
    if (appUrl) await this.ctx.storage.put(APP_URL_KEY, appUrl);
    await this.ctx.storage.setAlarm(Date.now());
  }

  /** The operation this operator runs now, and when its next step is due (tests and the sweep read it). */
  async status(): Promise<{ operationId: string | null; alarmAt: number | null }> {
    return { operationId: (await this.ctx.storage.get<string>(OPERATION_KEY)) ?? null, alarmAt: await this.ctx.storage.getAlarm() };
  }

  /**
   * A middleware paid while this cluster was busy starts as soon as the cluster is free (issue 31),
   * on this operator: its operation is taken over here rather than through a call to itself.
   */
  private async startWaitingMiddleware(endedOperationId: string, appUrl: string | undefined): Promise<void> {
    const context = operatorContext(this.env, appUrl);
    let next: string | null = null;
    const here = { start: async (_clusterId: string, operationId: string) => void (next = operationId) };
    try {
      await startPendingAfter({ ...context, ports: { ...context.ports, operator: here } }, endedOperationId);
    } catch (error) {
      // The five-minute sweep starts it instead.
      logError('Starting a waiting middleware failed', error);
    }
    if (next) await this.start(next, appUrl);
  }

  override async alarm(): Promise<void> {
    const operationId = await this.ctx.storage.get<string>(OPERATION_KEY);
    if (!operationId) return;
    const appUrl = await this.ctx.storage.get<string>(APP_URL_KEY);
    let result;
    try {
      result = await advanceOperation(operatorContext(this.env, appUrl), operationId);
    } catch (error) {
      // A step that throws (the database unreachable) is tried again shortly; the engine's own
      // failures (a provider refusing) are recorded by the engine and never reach here.
      logError('A cluster operation step failed unexpectedly; retrying', error);
      await this.ctx.storage.setAlarm(Date.now() + 5_000);
      return;
    }
    if (result.nextRunAt === null) {
      // Ended (or another operator took it): forget it unless a newer one was started meanwhile.
      if ((await this.ctx.storage.get<string>(OPERATION_KEY)) === operationId) await this.ctx.storage.delete(OPERATION_KEY);
      await this.startWaitingMiddleware(operationId, appUrl);
      return;
    }
    await this.ctx.storage.setAlarm(Math.max(result.nextRunAt, Date.now()));
  }
}
