import { sql } from 'drizzle-orm';
import { sqliteTable, text, integer, index, primaryKey, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { userRef, optionalUserRef } from './users';
import { timestamps, requiredRef, created } from './columns';

/** How badly customers are affected; 'none' is a notice (maintenance, a degraded internal tool). */
export const INCIDENT_IMPACTS = ['none', 'minor', 'major', 'critical'] as const;
export type IncidentImpact = (typeof INCIDENT_IMPACTS)[number];

/** The usual status-page steps; only 'resolved' closes the incident. */
export const INCIDENT_STATUSES = ['investigating', 'identified', 'monitoring', 'resolved'] as const;
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];

/** Parts of the platform an incident can name besides regions. */
export const INCIDENT_SERVICES = ['kubernetes_api', 'provisioning', 'networking', 'storage', 'console', 'public_api', 'billing'] as const;
export type IncidentService = (typeof INCIDENT_SERVICES)[number];

/** Which notice a user received about an incident. */
export const INCIDENT_NOTICE_EVENTS = ['declared', 'resolved'] as const;
export type IncidentNoticeEvent = (typeof INCIDENT_NOTICE_EVENTS)[number];

/** A platform incident declared by staff; public on the status indicator and the dashboard. */
export const incidents = sqliteTable(
  'incidents',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    impact: text('impact', { enum: INCIDENT_IMPACTS }).notNull(),
    status: text('status', { enum: INCIDENT_STATUSES }).notNull().default('investigating'),
    /** Data-centre ids as in clusters.region, e.g. ["fr-par-1"]. */
    affectedRegions: text('affected_regions', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
    affectedServices: text('affected_services', { mode: 'json' }).$type<IncidentService[]>().notNull().default(sql`'[]'`),
    /** Staff member who declared it; kept out of the public answer. */
    declaredBy: optionalUserRef('declared_by'),
    /** The client's key for the declaration: a retried request answers the incident it created. */
    idempotencyKey: text('idempotency_key'),
    /** Epoch ms. */
    startedAt: integer('started_at').notNull(),
    resolvedAt: integer('resolved_at'),
    ...timestamps,
  },
  (table) => [index('incidents_resolved_idx').on(table.resolvedAt, table.startedAt), uniqueIndex('incidents_idempotency_key_idx').on(table.idempotencyKey)],
);

/** The timeline of an incident: each status step with what staff told customers. */
export const incidentUpdates = sqliteTable(
  'incident_updates',
  {
    id: text('id').primaryKey(),
    incidentId: requiredRef('incident_id', () => incidents.id, 'cascade'),
    status: text('status', { enum: INCIDENT_STATUSES }).notNull(),
    message: text('message').notNull(),
    authorId: optionalUserRef('author_id'),
    /** Epoch ms. */
    ...created,
  },
  (table) => [index('incident_updates_incident_idx').on(table.incidentId, table.createdAt)],
);

/**
 * One row per (incident, user, event) told: the claim that makes a retried declaration or
 * resolution notify and mail each user once.
 */
export const incidentNotices = sqliteTable(
  'incident_notices',
  {
    incidentId: requiredRef('incident_id', () => incidents.id, 'cascade'),
    userId: userRef('cascade'),
    event: text('event', { enum: INCIDENT_NOTICE_EVENTS }).notNull(),
    notificationId: text('notification_id'),
    ...created,
  },
  (table) => [primaryKey({ columns: [table.incidentId, table.userId, table.event] })],
);

export type Incident = typeof incidents.$inferSelect;
export type NewIncident = typeof incidents.$inferInsert;
export type IncidentUpdate = typeof incidentUpdates.$inferSelect;
export type NewIncidentUpdate = typeof incidentUpdates.$inferInsert;
