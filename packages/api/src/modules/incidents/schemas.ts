import { INCIDENT_IMPACTS, INCIDENT_SERVICES, INCIDENT_STATUSES } from '@kubemarket/db';
import { z } from 'zod';
import { idParam } from '../../platform/contracts';

/** Public window of resolved incidents: long enough to read what happened last week. */
export const RECENT_INCIDENT_DAYS = 14;
/** Regions or services one incident may name: more is a platform-wide incident, said in the title. */
const MAX_AFFECTED = 20;

/** Steps an update may set; resolving has its own procedure (it closes the incident and tells customers). */
export const OPEN_INCIDENT_STATUSES = INCIDENT_STATUSES.filter((status) => status !== 'resolved') as ['investigating', 'identified', 'monitoring'];

const message = z
  .string({ error: 'Message is required.' })
  .trim()
  .min(1, 'Write what customers should know: the message is required.')
  .max(2_000, 'Message must be at most 2000 characters.');

const openStatus = z.enum(OPEN_INCIDENT_STATUSES, { error: `Status must be one of: ${OPEN_INCIDENT_STATUSES.join(', ')}.` });

export const declareIncidentInputSchema = z
  .object({
    title: z.string({ error: 'Title is required.' }).trim().min(3, 'Title must be at least 3 characters.').max(120, 'Title must be at most 120 characters.'),
    impact: z.enum(INCIDENT_IMPACTS, { error: `Impact must be one of: ${INCIDENT_IMPACTS.join(', ')}.` }),
    affectedRegions: z
      .array(z.string({ error: 'Each region must be a data-centre id such as fr-par-1.' }).trim().min(1, 'A region id is empty.').max(32, 'A region id is too long.'), {
        error: 'Affected regions must be a list of data-centre ids.',
      })
      .max(MAX_AFFECTED, `Name at most ${MAX_AFFECTED} regions.`)
      .default([]),
    affectedServices: z
      .array(z.enum(INCIDENT_SERVICES, { error: `Each service must be one of: ${INCIDENT_SERVICES.join(', ')}.` }), { error: 'Affected services must be a list.' })
      .max(MAX_AFFECTED, `Name at most ${MAX_AFFECTED} services.`)
      .default([]),
    status: openStatus.default('investigating'),
    message,
    idempotencyKey: z
      .string({ error: 'Idempotency key must be text.' })
      .trim()
      .min(8, 'Idempotency key must be at least 8 characters.')
      .max(100, 'Idempotency key must be at most 100 characters.')
      .optional()
      .describe('Send the same key when retrying: the incident is declared, and customers told, once.'),
  })
  .refine((input) => input.affectedRegions.length + input.affectedServices.length > 0, {
    message: 'Name at least one affected region or service.',
    path: ['affectedRegions'],
  });

export const postIncidentUpdateInputSchema = z.object({ id: idParam('Incident'), status: openStatus, message });

export const resolveIncidentInputSchema = z.object({
  id: idParam('Incident'),
  message: message.optional().describe('What customers read; a plain "resolved" note when left out.'),
});

const updateSchema = z.object({
  id: z.string(),
  status: z.enum(INCIDENT_STATUSES),
  message: z.string(),
  createdAt: z.number().int().describe('UTC epoch ms.'),
});

/** What anyone may read: no staff names, ids or emails. */
export const publicIncidentSchema = z.object({
  id: z.string(),
  title: z.string(),
  impact: z.enum(INCIDENT_IMPACTS),
  status: z.enum(INCIDENT_STATUSES),
  affectedRegions: z.array(z.string()).describe('Data-centre ids, e.g. fr-par-1.'),
  affectedServices: z.array(z.enum(INCIDENT_SERVICES)),
  startedAt: z.number().int().describe('UTC epoch ms.'),
  resolvedAt: z.number().int().nullable().describe('UTC epoch ms; null while open.'),
  updates: z.array(updateSchema).describe('Newest first.'),
});

export const incidentListSchema = z.object({
  active: z.array(publicIncidentSchema).describe('Open incidents, worst impact first, then newest.'),
  recentlyResolved: z.array(publicIncidentSchema).describe(`Resolved in the last ${RECENT_INCIDENT_DAYS} days, newest first.`),
});

export const staffIncidentResultSchema = z.object({
  incident: publicIncidentSchema,
  notifiedUsers: z.number().int().describe('Users notified by this call (0 when a retry found everyone already told).'),
});

export type DeclareIncidentInput = z.output<typeof declareIncidentInputSchema>;
export type PostIncidentUpdateInput = z.output<typeof postIncidentUpdateInputSchema>;
export type ResolveIncidentInput = z.output<typeof resolveIncidentInputSchema>;
export type PublicIncident = z.output<typeof publicIncidentSchema>;
