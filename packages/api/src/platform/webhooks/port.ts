import type { ResolveHost } from './url-rules';

/**
 * Sends an organisation's webhook deliveries (ADR 36): in the Worker, the organisation's
 * WebhookDispatcher Durable Object, which delivers what is due and sets an alarm for the next
 * retry. Without a host, deliveries are recorded and nothing sends them: tests drive
 * `deliverDueWebhooks` themselves, with their clock.
 */
export interface WebhooksPort {
  /** Something became due for this organisation (an event, a retry): deliver it soon. */
  wake(organizationId: string): Promise<void>;
  /** Resolves host names at registration (DNS over HTTPS in a production Worker); absent, only the literal and name rules apply. */
  resolveHost?: ResolveHost;
  /** How deliveries reach receivers; the global fetch unless a test passes its own. */
  fetch?: typeof fetch;
}

export const idleWebhooks: WebhooksPort = { async wake() {} };
