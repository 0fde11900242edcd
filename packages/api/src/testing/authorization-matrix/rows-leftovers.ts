/**
 * The authorization matrix's rows for what deleted clusters left (issue 34): read by every member
 * of the organisation, removed by those who may delete its clusters; Acme's kept volume and
 * clusters are a 404 for every other organisation.
 */
import { DEMO_LEFTOVER_ID } from '@kubemarket/db/seed';
import { ACME_READS, ACME_WRITES, type Row, SIGNED_IN_SCOPED } from './principals';

export const LEFTOVER_ROWS: Record<string, Row> = {
  'leftovers.list': { expect: SIGNED_IN_SCOPED },
  // legacy-shop's kept volume, seeded.
  'leftovers.remove': { input: () => ({ id: DEMO_LEFTOVER_ID }), expect: ACME_WRITES },
  'clusters.leftovers': { input: (f) => ({ id: f.clusterId }), expect: ACME_READS },
};
