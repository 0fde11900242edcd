import type { ScopeDomain, TokenScope } from '@kubemarket/shared';
import { Button, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { QueryView, RowsSkeleton, type Column } from '../../components/list-kit';
import { SectionCard } from '../../components/section-card';
import { CreateTokenModal } from './create-token-modal';
import { NewSecretModal } from './new-secret-modal';
import { TokenTable, type TokenRow } from './token-table';

interface TokensCardProps<T extends TokenRow> {
  id: string;
  title: string;
  description: string;
  /** What the tokens are called in the card's texts: "API tokens", "service accounts". */
  noun: string;
  empty: string;
  tokens: UseQueryResult<T[], { message: string }>;
  tableLabel: string;
  extraColumns?: Column<T>[];
  /** Creating: the button, the dialog and the call; absent for a role that may not. */
  create?: {
    label: string;
    icon: ReactNode;
    title: string;
    domains: readonly ScopeDomain[];
    grants: (scope: TokenScope) => boolean;
    submit: (input: { name: string; expiresInDays: number; scopes: TokenScope[] }) => Promise<{ token: string }>;
  };
  revoke?: (id: string) => Promise<unknown>;
  revokeConsequence: string;
  /** After a creation: refetch the list. */
  onCreated: () => void;
}

/**
 * A card of tokens, a person's or the organisation's: the list with its revocation, the creation
 * dialog and the new secret shown once.
 */
export function TokensCard<T extends TokenRow>({ id, title, description, noun, empty, tokens, tableLabel, extraColumns, create, revoke, revokeConsequence, onCreated }: TokensCardProps<T>) {
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <SectionCard
      id={id}
      title={title}
      description={description}
      aside={
        create ? (
          <Button size="xs" leftSection={create.icon} onClick={() => setCreating(true)}>
            {create.label}
          </Button>
        ) : undefined
      }
    >
      <QueryView
        query={tokens}
        loading={<RowsSkeleton label={`Loading ${noun}`} />}
        errorTitle={`${noun.charAt(0).toUpperCase()}${noun.slice(1)} could not be loaded`}
        isEmpty={(data) => data.length === 0}
        empty={
          <Text size="sm" c="dimmed">
            {empty}
          </Text>
        }
      >
        {(data) => <TokenTable rows={data} label={tableLabel} extraColumns={extraColumns} revoke={revoke} revokeConsequence={revokeConsequence} />}
      </QueryView>
      {create ? (
        <CreateTokenModal
          opened={creating}
          onClose={() => setCreating(false)}
          title={create.title}
          submitLabel={create.label}
          domains={create.domains}
          grants={create.grants}
          submit={create.submit}
          onCreated={(token) => {
            setCreating(false);
            setSecret(token);
            onCreated();
          }}
        />
      ) : null}
      <NewSecretModal secret={secret} onClose={() => setSecret(null)} />
    </SectionCard>
  );
}
