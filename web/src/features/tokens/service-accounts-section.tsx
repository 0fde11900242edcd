import { ORGANIZATION_ROLE_LABELS, PERSONAL_SCOPE_DOMAINS, roleCan, roleGrantsScope, SCOPE_DOMAINS } from '@kubemarket/shared';
import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRobot } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { useSessionUser } from '../auth';
import { TokensCard } from './tokens-card';

const SERVICE_DOMAINS = SCOPE_DOMAINS.filter((domain) => !PERSONAL_SCOPE_DOMAINS.includes(domain));

/**
 * The organisation's service accounts: tokens owned by the organisation, for CI, Terraform and
 * monitoring, that keep working when the person who created them leaves. Owners and administrators
 * create and revoke them; every member sees them.
 */
export function ServiceAccountsSection() {
  const trpc = useTRPC();
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const accounts = useQuery(trpc.tokens.serviceAccounts.queryOptions());
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.tokens.serviceAccounts.queryKey() });
  const manages = roleCan(user.organizationRole, 'members:manage');
  // An owner's service account acts as an administrator (it cannot rename or delete the organisation).
  const actingRole = user.organizationRole === 'owner' ? 'admin' : user.organizationRole;
  const create = useMutation(trpc.tokens.createServiceAccount.mutationOptions());
  const revoke = useMutation(
    trpc.tokens.revokeServiceAccount.mutationOptions({
      onSuccess(account) {
        refresh();
        notifications.show({ message: `The service account "${account.name}" has been revoked.`, color: 'green' });
      },
    }),
  );
  return (
    <TokensCard
      id="service-accounts"
      title="Service accounts"
      description="Tokens of the organisation rather than of a person: they keep working when their creator leaves, and act with the creator's role (an owner's as an administrator), within their scopes."
      noun="service accounts"
      empty="Your organisation has no service accounts yet."
      tokens={accounts}
      tableLabel="Service accounts of your organisation"
      extraColumns={[
        { header: 'Acts as', cell: (account) => <Text size="sm">{ORGANIZATION_ROLE_LABELS[account.role]}</Text> },
        { header: 'Created by', cell: (account) => <Text size="sm">{account.createdBy?.name ?? 'A deleted account'}</Text> },
      ]}
      create={
        manages
          ? {
              label: 'Create service account',
              icon: <IconRobot size={16} />,
              title: 'Create a service account',
              domains: SERVICE_DOMAINS,
              grants: (scope) => roleGrantsScope(actingRole, scope),
              submit: (input) => create.mutateAsync(input),
            }
          : undefined
      }
      revoke={manages ? (id) => revoke.mutateAsync({ id }) : undefined}
      revokeConsequence="Every script and pipeline that uses it gets 401 from now on."
      onCreated={refresh}
    />
  );
}
