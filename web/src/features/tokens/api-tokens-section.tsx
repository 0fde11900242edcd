import { roleGrantsScope, SCOPE_DOMAINS } from '@kubemarket/shared';
import { Button, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconKey } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryView, RowsSkeleton } from '../../components/list-kit';
import { SectionCard } from '../../components/section-card';
import { useTRPC } from '../../lib/trpc';
import { useSessionUser } from '../auth';
import { CreateTokenModal } from './create-token-modal';
import { NewSecretModal } from './new-secret-modal';
import { TokenTable } from './token-table';

export const API_TOKENS_ANCHOR = 'api-tokens';

/** Personal API tokens for scripts: create (secret shown once), list, revoke. */
export function ApiTokensSection() {
  const trpc = useTRPC();
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const tokens = useQuery(trpc.tokens.list.queryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.tokens.list.queryKey() });
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const create = useMutation(trpc.tokens.create.mutationOptions());
  const revoke = useMutation(
    trpc.tokens.revoke.mutationOptions({
      onSuccess(token) {
        void refresh();
        notifications.show({ message: `The token "${token.name}" has been revoked.`, color: 'green' });
      },
    }),
  );

  return (
    <SectionCard
      id={API_TOKENS_ANCHOR}
      title="API tokens"
      description="Tokens let scripts call the REST API as you, limited to the scopes you choose. Send them as “Authorization: Bearer <token>”; see the API reference."
      aside={
        <Button size="xs" leftSection={<IconKey size={16} />} onClick={() => setCreating(true)}>
          Create token
        </Button>
      }
    >
      <QueryView
        query={tokens}
        loading={<RowsSkeleton label="Loading API tokens" />}
        errorTitle="API tokens could not be loaded"
        isEmpty={(data) => data.length === 0}
        empty={
          <Text size="sm" c="dimmed">
            You have no API tokens yet.
          </Text>
        }
      >
        {(data) => (
          <TokenTable rows={data} label="Your API tokens" revoke={(id) => revoke.mutateAsync({ id })} revokeConsequence="Scripts that send it get 401 from now on." />
        )}
      </QueryView>
      <CreateTokenModal
        opened={creating}
        onClose={() => setCreating(false)}
        title="Create an API token"
        submitLabel="Create token"
        domains={SCOPE_DOMAINS}
        grants={(scope) => roleGrantsScope(user.organizationRole, scope)}
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
