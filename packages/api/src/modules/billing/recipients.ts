import { users, type Database } from '@kubemarket/db';
import { roleCan } from '@kubemarket/shared';
import { isNull } from 'drizzle-orm';
import { peopleOf } from '../../platform/people';

/**
 * The members who hear about the organisation's billing (failed charges, transfers received):
 * those who may manage it (owners, administrators, billing managers) and whose account is enabled.
 * The one query dunning and the staff's receipts use (issue 32).
 */
export async function billingRecipients(db: Database, organizationId: string) {
  const members = await db
    .select({ id: users.id, email: users.email, name: users.name, role: users.organizationRole })
    .from(users)
    .where(peopleOf(organizationId, isNull(users.disabledAt)));
  return members.filter((member) => roleCan(member.role, 'billing:write'));
}
