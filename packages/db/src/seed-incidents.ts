import type { Database } from './client';
import { incidents, incidentUpdates } from './schema';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

export const DEMO_INCIDENT_ID = 'inc_demo_fra_network';

/**
 * A resolved incident of last week with its timeline, so the status history is not empty on first
 * run. Never an open one: the console would then show an outage to every demo account.
 */
export async function seedIncidents(db: Database, now: number): Promise<void> {
  const startedAt = now - 7 * DAY_MS;
  const resolvedAt = startedAt + 95 * MINUTE_MS;
  await db.batch([
    db
      .insert(incidents)
      .values({
        id: DEMO_INCIDENT_ID,
        title: 'Packet loss on load balancers in Frankfurt',
        impact: 'minor',
        status: 'resolved',
        affectedRegions: ['de-fra-1'],
        affectedServices: ['networking'],
        declaredBy: 'usr_demo_olivia',
        idempotencyKey: null,
        startedAt,
        resolvedAt,
        createdAt: startedAt,
        updatedAt: resolvedAt,
      })
      .onConflictDoNothing(),
    db
      .insert(incidentUpdates)
      .values([
        {
          id: 'inu_demo_fra_network_1',
          incidentId: DEMO_INCIDENT_ID,
          status: 'investigating',
          message: 'Some requests to load balancers in de-fra-1 time out. We are investigating.',
          authorId: 'usr_demo_olivia',
          createdAt: startedAt,
        },
        {
          id: 'inu_demo_fra_network_2',
          incidentId: DEMO_INCIDENT_ID,
          status: 'resolved',
          message: 'A faulty top-of-rack switch was taken out of service; traffic is back to normal.',
          authorId: 'usr_demo_olivia',
          createdAt: resolvedAt,
        },
      ])
      .onConflictDoNothing(),
  ]);
}
