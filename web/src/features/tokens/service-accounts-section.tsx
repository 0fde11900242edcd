import { ORGANIZATION_ROLE_LABELS, PERSONAL_SCOPE_DOMAINS, roleCan, roleGrantsScope, SCOPE_DOMAINS } from '@kubemarket/shared';
import { Button, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRobot } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryView, RowsSkeleton } from '../../components/list-kit';
import { SectionCard } from '../../components/section-card';
import { useTRPC } from '../../lib/trpc';
import { useSessionUser } from '../auth';
import { CreateTokenModal } from './create-token-modal';
import { NewSecretModal } from './new-secret-modal';
import { TokenTable } from './token-table';

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
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.tokens.serviceAccounts.queryKey() });
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const manages = roleCan(user.organizationRole, 'members:manage');
  // An owner's service account acts as an administrator (it cannot rename or delete the organisation).
  const actingRole = user.organizationRole === 'owner' ? 'admin' : user.organizationRole;
  const create = useMutation(trpc.tokens.createServiceAccount.mutationOptions());
  const revoke = useMutation(
    trpc.tokens.revokeServiceAccount.mutationOptions({
      onSuccess(account) {
        void refresh();
        notifications.show({ message: `The service account "${account.name}" has been revoked.`, color: 'green' });
      },
    }),
  );

  return (
    <SectionCard
      id="service-accounts"
      title="Service accounts"
      description="Tokens of the organisation rather than of a person: they keep working when their creator leaves, and act with the creator's role (an owner's as an administrator), within their scopes."
      aside={
        manages ? (
          <Button size="xs" leftSection={<IconRobot size={16} />} onClick={() => setCreating(true)}>
            Create service account
          </Button>
        ) : undefined
      }
    >
      <QueryView
        query={accounts}
        loading={<RowsSkeleton label="Loading service accounts" />}
        errorTitle="Service accounts could not be loaded"
        isEmpty={(data) => data.length === 0}
        empty={
          <Text size="sm" c="dimmed">
            Your organisation has no service accounts yet.
          </Text>
        }
      >
        {(data) => (
          <TokenTable
            rows={data}
            label="Service accounts of your organisation"
            extraColumns={[
              { header: 'Acts as', cell: (account) => <Text size="sm">{ORGANIZATION_ROLE_LABELS[account.role]}</Text> },
              { header: 'Created by', cell: (account) => <Text size="sm">{account.createdBy?.name ?? 'A deleted account'}</Text> },
            ]}
            revoke={manages ? (id) => revoke.mutateAsync({ id }) : undefined}
            revokeConsequence="Every script and pipeline that uses it gets 401 from now on."
          />
        )}
      </QueryView>
      <CreateTokenModal
        opened={creating}
        onClose={() => setCreating(false)}
        title="Create a service account"
        submitLabel="Create service account"
        domains={SERVICE_DOMAINS}
        grants={(scope) => roleGrantsScope(actingRole, scope)}
        submit={(input) => create.mutateAsync(input)}
        onCreated={(token) => {
          setCreating(false);
          setSecret(token);
          void refresh();
        }}
      />
      <NewSecretModal secret={secret} onClose={() => setSecret(null)} />
    </SectionCard>
  );
}
