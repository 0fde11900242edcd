import { roleGrantsScope, SCOPE_DOMAINS } from '@kubemarket/shared';
import { notifications } from '@mantine/notifications';
import { IconKey } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { useSessionUser } from '../auth';
import { TokensCard } from './tokens-card';

export const API_TOKENS_ANCHOR = 'api-tokens';

/** Personal API tokens for scripts: create (secret shown once), list, revoke. */
export function ApiTokensSection() {
  const trpc = useTRPC();
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const tokens = useQuery(trpc.tokens.list.queryOptions());
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.tokens.list.queryKey() });
  const create = useMutation(trpc.tokens.create.mutationOptions());
  const revoke = useMutation(
    trpc.tokens.revoke.mutationOptions({
      onSuccess(token) {
        refresh();
        notifications.show({ message: `The token "${token.name}" has been revoked.`, color: 'green' });
      },
    }),
  );
  return (
    <TokensCard
      id={API_TOKENS_ANCHOR}
      title="API tokens"
      description="Tokens let scripts call the REST API as you, limited to the scopes you choose. Send them as “Authorization: Bearer <token>”; see the API reference."
      noun="API tokens"
      empty="You have no API tokens yet."
      tokens={tokens}
      tableLabel="Your API tokens"
      create={{
        label: 'Create token',
        icon: <IconKey size={16} />,
        title: 'Create an API token',
        domains: SCOPE_DOMAINS,
        grants: (scope) => roleGrantsScope(user.organizationRole, scope),
        submit: (input) => create.mutateAsync(input),
      }}
      revoke={(id) => revoke.mutateAsync({ id })}
      revokeConsequence="Scripts that send it get 401 from now on."
      onCreated={refresh}
    />
  );
}
