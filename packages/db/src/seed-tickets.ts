import type { Database } from './client';
import { ticketMessages, tickets, type NewTicket } from './schema';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

type SeedTicket = Omit<NewTicket, 'createdAt' | 'updatedAt' | 'firstResponseDueAt' | 'firstRespondedAt' | 'nextUpdateDueAt' | 'resolvedAt' | 'closedAt'> & {
  ageMs: number;
  /** From creation; the seed keeps it simple (plain hours), the API computes the real business hours. */
  responseTargetMs: number;
  respondedAfterMs?: number;
  nextUpdateAfterMs?: number;
  resolvedAfterMs?: number;
  messages: Array<{ id: string; kind: 'reply' | 'internal_note' | 'status_change'; staff: boolean; author: string | null; authorName: string; body: string; afterMs: number }>;
};

const ALICE = { author: 'usr_demo_alice', authorName: 'Alice Martin', staff: false };
const MARC = { author: 'usr_demo_marc', authorName: 'Marc Dubois', staff: false };
const OLIVIA = { author: 'usr_demo_olivia', authorName: 'Olivia Laurent', staff: true };

/**
 * Acme's tickets in several states (one answered by staff with an internal note beside, one past
 * its first-response target) and one public request, so /support and the staff queue look alive.
 * Acme is on the Business plan (its seeded support order).
 */
export const DEMO_TICKETS: readonly SeedTicket[] = [
  {
    id: 'tkt_demo_acme_ingress',
    reference: 'KM-T-10421',
    organizationId: 'org_demo_acme',
    requesterUserId: 'usr_demo_alice',
    requesterEmail: 'alice@acme.example',
    requesterName: 'Alice Martin',
    category: 'technical',
    severity: 'P2',
    subject: 'Ingress returns 502 for part of the requests on webshop-prod',
    description:
      'Since this morning about 5 % of the requests to `shop.acme.example` end in **502 Bad Gateway**. The pods look healthy:\n\n```\nkubectl -n shop get pods\n```\n\nCould you check the load balancer in front of the ingress controller?',
    clusterId: 'clu_demo_webshop',
    status: 'open',
    assigneeUserId: null,
    supportPlanId: 'support_business',
    confirmation: 'confirmed',
    ageMs: 40 * MINUTE_MS,
    responseTargetMs: 4 * HOUR_MS,
    messages: [],
  },
  {
    id: 'tkt_demo_acme_invoice',
    reference: 'KM-T-10387',
    organizationId: 'org_demo_acme',
    requesterUserId: 'usr_demo_alice',
    requesterEmail: 'alice@acme.example',
    requesterName: 'Alice Martin',
    category: 'billing',
    severity: 'P3',
    subject: 'VAT number missing on the last invoice',
    description: 'Our VAT number FR40303265045 does not appear on the invoice of last month. Can you issue a corrected one?',
    clusterId: null,
    status: 'awaiting_customer',
    assigneeUserId: 'usr_demo_olivia',
    supportPlanId: 'support_business',
    confirmation: 'confirmed',
    ageMs: 3 * DAY_MS,
    responseTargetMs: 8 * HOUR_MS,
    respondedAfterMs: 2 * HOUR_MS,
    messages: [
      { id: 'tmsg_demo_invoice_note', kind: 'internal_note', ...OLIVIA, body: 'The VAT number was added to the organisation after the invoice was issued: a credit note and a new invoice are needed.', afterMs: 90 * MINUTE_MS },
      {
        id: 'tmsg_demo_invoice_reply',
        kind: 'reply',
        ...OLIVIA,
        body: 'Hello Alice, the VAT number was added to your organisation after that invoice was issued. Please confirm the billing address you want on the corrected invoice and we will issue it.',
        afterMs: 2 * HOUR_MS,
      },
    ],
  },
  {
    id: 'tkt_demo_acme_nodes',
    reference: 'KM-T-10352',
    organizationId: 'org_demo_acme',
    requesterUserId: 'usr_demo_marc',
    requesterEmail: 'marc@acme.example',
    requesterName: 'Marc Dubois',
    category: 'incident',
    severity: 'P2',
    subject: 'Two nodes of analytics-eu keep going NotReady',
    description: 'Nodes in the `memory-optimised` pool of analytics-eu flap between Ready and NotReady every few hours. Kubelet logs attached later.',
    clusterId: 'clu_demo_analytics',
    status: 'open',
    assigneeUserId: 'usr_demo_olivia',
    supportPlanId: 'support_business',
    confirmation: 'confirmed',
    // Past its first-response target: the queue shows it as breached.
    ageMs: 2 * DAY_MS,
    responseTargetMs: 4 * HOUR_MS,
    messages: [{ id: 'tmsg_demo_nodes_more', kind: 'reply', ...MARC, body: 'It happened again at 03:10 UTC tonight.', afterMs: 20 * HOUR_MS }],
  },
  {
    id: 'tkt_demo_acme_sso',
    reference: 'KM-T-10298',
    organizationId: 'org_demo_acme',
    requesterUserId: 'usr_demo_alice',
    requesterEmail: 'alice@acme.example',
    requesterName: 'Alice Martin',
    category: 'account',
    severity: 'P4',
    subject: 'How do we add a second owner?',
    description: 'We would like Marc to become an owner of the organisation as well. Is that possible?',
    clusterId: null,
    status: 'resolved',
    assigneeUserId: 'usr_demo_olivia',
    supportPlanId: 'support_business',
    confirmation: 'confirmed',
    ageMs: 6 * DAY_MS,
    responseTargetMs: 24 * HOUR_MS,
    respondedAfterMs: 5 * HOUR_MS,
    resolvedAfterMs: 26 * HOUR_MS,
    messages: [
      { id: 'tmsg_demo_sso_reply', kind: 'reply', ...OLIVIA, body: 'Hello Alice, an organisation has one owner; you can make Marc an administrator in User management, which gives him every right but deleting the organisation.', afterMs: 5 * HOUR_MS },
      { id: 'tmsg_demo_sso_thanks', kind: 'reply', ...ALICE, body: 'Thank you, that works for us.', afterMs: 25 * HOUR_MS },
      { id: 'tmsg_demo_sso_resolved', kind: 'status_change', ...OLIVIA, body: 'Status changed to resolved.', afterMs: 26 * HOUR_MS },
    ],
  },
  {
    id: 'tkt_demo_public_pricing',
    reference: 'KM-T-10466',
    organizationId: null,
    requesterUserId: null,
    requesterEmail: 'jordan.weber@example.org',
    requesterName: 'Jordan Weber',
    category: 'technical',
    severity: 'P3',
    subject: 'Can we bring our own container registry?',
    description: 'Before we sign up: can clusters pull images from our own Harbor registry behind a private network?',
    clusterId: null,
    status: 'open',
    assigneeUserId: null,
    supportPlanId: 'support_basic',
    confirmation: 'confirmed',
    ageMs: 5 * HOUR_MS,
    responseTargetMs: 24 * HOUR_MS,
    messages: [],
  },
];

/** Inserted once with fixed ids: re-seeding changes nothing staff or customers did since. */
export async function seedTickets(db: Database, now: number): Promise<void> {
  const statements = [];
  for (const { ageMs, responseTargetMs, respondedAfterMs, nextUpdateAfterMs, resolvedAfterMs, messages, ...ticket } of DEMO_TICKETS) {
    const createdAt = now - ageMs;
    const lastMessage = Math.max(0, resolvedAfterMs ?? 0, ...messages.map((message) => message.afterMs));
    statements.push(
      db
        .insert(tickets)
        .values({
          ...ticket,
          firstResponseDueAt: createdAt + responseTargetMs,
          firstRespondedAt: respondedAfterMs === undefined ? null : createdAt + respondedAfterMs,
          nextUpdateDueAt: nextUpdateAfterMs === undefined ? null : createdAt + nextUpdateAfterMs,
          resolvedAt: resolvedAfterMs === undefined ? null : createdAt + resolvedAfterMs,
          createdAt,
          updatedAt: createdAt + lastMessage,
        })
        .onConflictDoNothing(),
      ...messages.map((message) =>
        db
          .insert(ticketMessages)
          .values({ id: message.id, ticketId: ticket.id, authorUserId: message.author, authorName: message.authorName, fromStaff: message.staff, kind: message.kind, body: message.body, createdAt: createdAt + message.afterMs })
          .onConflictDoNothing(),
      ),
    );
  }
  await db.batch(statements as unknown as Parameters<typeof db.batch>[0]);
}
