import { users } from '@kubemarket/db';
import { and, eq, type SQL } from 'drizzle-orm';

/**
 * The people of an organisation, its service accounts left out (issue 33): who is listed among
 * members, notified, mailed about billing and counted as the other members. Service accounts act
 * only through their API tokens.
 */
export function peopleOf(organizationId: string, ...more: Array<SQL | undefined>): SQL {
  return and(eq(users.organizationId, organizationId), isPerson, ...more)!;
}

/** A user who is a person, not a service account: for queries over several organisations. */
export const isPerson = eq(users.kind, 'person');
