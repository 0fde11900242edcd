import { roleCan } from '@kubemarket/shared';
import { useSessionUser } from '../auth';

/** Who may test, save and use connections: `clusters:manage` in the permission table, as the server checks it. */
export function useMayManageConnections(): boolean {
  const user = useSessionUser();
  return roleCan(user.organizationRole, 'clusters:manage');
}
