/**
 * The authorization matrix's rows for webhook endpoints (ADR 36): `webhooks:read` and
 * `webhooks:manage`, which the permission table gives owners and administrators of their own
 * organisation; Acme's seeded endpoint and its deliveries are a 404 for every other organisation.
 */
import { DEMO_WEBHOOK_DELIVERY_IDS, DEMO_WEBHOOK_ENDPOINT_ID } from '@kubemarket/db/seed';
import { ACME_MEMBER_MANAGERS, MEMBER_MANAGERS, type Row, unique } from './principals';

/** Owners and administrators of their own organisation (Alice, Gabriel of Globex, Adam and Sophie of staff's), or a token with the scope. */
const WEBHOOK_MANAGERS = MEMBER_MANAGERS;
/** Acme's endpoint: Acme's owner (or a token with the scope); other organisations' managers find nothing. */
const ACME_WEBHOOK_MANAGERS = ACME_MEMBER_MANAGERS;
const acmeEndpoint = () => ({ id: DEMO_WEBHOOK_ENDPOINT_ID });

export const WEBHOOK_ROWS: Record<string, Row> = {
  'webhooks.eventTypes': { expect: WEBHOOK_MANAGERS },
  'webhooks.list': { expect: WEBHOOK_MANAGERS },
  'webhooks.create': { input: () => ({ url: 'https://hooks.matrix.example.com/in', events: ['order.paid'] }), expect: WEBHOOK_MANAGERS },
  'webhooks.get': { input: acmeEndpoint, expect: ACME_WEBHOOK_MANAGERS },
  'webhooks.update': { input: () => ({ ...acmeEndpoint(), description: 'Matrix' }), expect: ACME_WEBHOOK_MANAGERS },
  'webhooks.delete': { input: acmeEndpoint, expect: ACME_WEBHOOK_MANAGERS },
  'webhooks.rotateSecret': { input: acmeEndpoint, expect: ACME_WEBHOOK_MANAGERS },
  'webhooks.test': { input: acmeEndpoint, expect: ACME_WEBHOOK_MANAGERS },
  'webhooks.deliveries': { input: acmeEndpoint, expect: ACME_WEBHOOK_MANAGERS },
  'webhooks.retryDelivery': {
    input: () => ({ ...acmeEndpoint(), deliveryId: DEMO_WEBHOOK_DELIVERY_IDS.failed, idempotencyKey: `matrix-${unique()}` }),
    expect: ACME_WEBHOOK_MANAGERS,
  },
};
