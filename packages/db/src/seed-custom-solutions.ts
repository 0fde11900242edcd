import type { Database } from './client';
import { customSolutionRequests, type NewCustomSolutionRequest } from './schema';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

type SeedRequest = Omit<NewCustomSolutionRequest, 'createdAt' | 'updatedAt' | 'respondedAt'> & {
  ageMs: number;
  /** When staff last touched it, before the seed's `now`; the response is dated then too. */
  updatedAgoMs: number;
};

/** Requests in several states, so the customer list and the staff queue look alive on first run. */
export const DEMO_CUSTOM_SOLUTION_REQUESTS: readonly SeedRequest[] = [
  {
    id: 'csr_demo_acme_gpu',
    organizationId: 'org_demo_acme',
    requestedBy: 'usr_demo_alice',
    subject: 'Dedicated H100 GPU nodes for model training',
    category: 'hardware',
    description:
      'We train computer-vision models every night and need 8 dedicated NVIDIA H100 nodes with local NVMe scratch space, in a French region, reserved for at least 12 months.',
    scaleDetails: 'One training cluster; nightly jobs of 6 to 8 hours; about 40 TB of training data.',
    expectedNodes: 8,
    monthlyBudgetCents: 6_000_000,
    desiredDate: null,
    contactPreference: 'meeting',
    contactPhone: null,
    status: 'proposal_sent',
    staffResponse:
      'Thank you, Alice. We can reserve 8 H100 SXM nodes in fr-par-1 on a 12-month commitment, with 7.68 TB of local NVMe each. The proposal with prices and delivery dates is in your inbox; we are happy to walk you through it in a call.',
    assignedTo: 'usr_demo_olivia',
    ageMs: 9 * DAY_MS,
    updatedAgoMs: 6 * DAY_MS,
  },
  {
    id: 'csr_demo_acme_hds',
    organizationId: 'org_demo_acme',
    requestedBy: 'usr_demo_marc',
    subject: 'HDS-certified hosting for a patient portal',
    category: 'compliance',
    description:
      'A hospital customer asks us to host their patient portal on infrastructure certified for health data (HDS), with audit logs kept for 3 years and encryption keys we control.',
    scaleDetails: 'Production and pre-production; about 2,000 daily users.',
    expectedNodes: 6,
    monthlyBudgetCents: null,
    desiredDate: null,
    contactPreference: 'email',
    contactPhone: null,
    status: 'submitted',
    staffResponse: null,
    assignedTo: null,
    ageMs: 2 * HOUR_MS,
    updatedAgoMs: 2 * HOUR_MS,
  },
  {
    id: 'csr_demo_globex_sap',
    organizationId: 'org_demo_globex',
    requestedBy: 'usr_demo_gabriel',
    subject: 'Private link to our SAP landscape in Frankfurt',
    category: 'integration',
    description:
      'Our logistics services must reach an on-premises SAP system in Frankfurt over a private connection, without going through the public internet.',
    scaleDetails: null,
    expectedNodes: null,
    monthlyBudgetCents: 250_000,
    desiredDate: null,
    contactPreference: 'phone',
    contactPhone: '+49 69 1234 5678',
    status: 'in_review',
    staffResponse: null,
    assignedTo: 'usr_demo_adam',
    ageMs: 3 * DAY_MS,
    updatedAgoMs: 1 * DAY_MS,
  },
];

/** Inserted once: staff and customers change these rows, and a reseed must not undo that. */
export async function seedCustomSolutions(db: Database, now: number): Promise<void> {
  await db
    .insert(customSolutionRequests)
    .values(
      DEMO_CUSTOM_SOLUTION_REQUESTS.map(({ ageMs, updatedAgoMs, ...request }) => ({
        ...request,
        respondedAt: request.staffResponse ? now - updatedAgoMs : null,
        createdAt: now - ageMs,
        updatedAt: now - updatedAgoMs,
      })),
    )
    .onConflictDoNothing();
}
