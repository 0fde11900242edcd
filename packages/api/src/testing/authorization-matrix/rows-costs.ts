/**
 * The authorization matrix's row for a cluster's costs (issue 34): read with `usage:read` by every
 * member of the organisation (the amounts /usage shows them); Acme's cluster is a 404 for others.
 */
import { ACME_READS, type Row } from './principals';

export const COST_ROWS: Record<string, Row> = {
  'costs.cluster': { input: (f) => ({ id: f.clusterId }), expect: ACME_READS },
};
