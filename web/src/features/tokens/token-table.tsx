import { Badge, Button, Code, Group, Stack, Text } from '@mantine/core';
import type { TokenScope } from '@kubemarket/shared';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmModal } from '../../components/confirm-modal';
import { DataTable, type Column } from '../../components/list-kit';
import { formatDate } from '../../lib/date-format';
import { formatRelativeTime } from '../../lib/relative-time';
import { describeScope } from './token-form-values';

const STATUS_COLOR = { active: 'green.9', expired: 'gray.7', revoked: 'red.9' } as const;

/** What every token row shows, a person's or a service account's. */
export interface TokenRow {
  id: string;
  name: string;
  prefix: string;
  scopes: TokenScope[];
  createdAt: number;
  expiresAt: number;
  lastUsedAt: number | null;
  status: keyof typeof STATUS_COLOR;
}

interface TokenTableProps<T extends TokenRow> {
  rows: T[];
  label: string;
  /** Columns after the scopes (who created a service account, its role). */
  extraColumns?: Column<T>[];
  /** Revokes one token; absent, the table has no Revoke button (a role that may not). */
  revoke?: (id: string) => Promise<unknown>;
  /** What revoking does, in the confirmation: "Scripts using it get 401 at once." */
  revokeConsequence: string;
}

/**
 * Tokens with their scopes, creation, last use and expiry; revoking one asks first (it cannot be
 * undone) and says why it failed in the dialog.
 */
export function TokenTable<T extends TokenRow>({ rows, label, extraColumns = [], revoke, revokeConsequence }: TokenTableProps<T>) {
  const [confirming, setConfirming] = useState<T | null>(null);
  const revoking = useMutation({ mutationFn: (id: string) => revoke!(id), onSuccess: () => setConfirming(null) });
  const columns: Column<T>[] = [
    {
      header: 'Name',
      cell: (token) => (
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            {token.name}
          </Text>
          <Group gap={6}>
            <Code>{token.prefix}…</Code>
            <Badge size="xs" variant="filled" color={STATUS_COLOR[token.status]}>
              {token.status}
            </Badge>
          </Group>
        </Stack>
      ),
    },
    {
      header: 'Scopes',
      cell: (token) => (
        <Group gap={4}>
          {token.scopes.map((scope) => (
            <Badge key={scope} size="xs" variant="outline" color="dark">
              {describeScope(scope)}
            </Badge>
          ))}
        </Group>
      ),
    },
    ...extraColumns,
    { header: 'Created', cell: (token) => <Text size="sm">{formatDate(token.createdAt)}</Text> },
    { header: 'Last used', cell: (token) => <Text size="sm">{token.lastUsedAt ? formatRelativeTime(token.lastUsedAt) : 'Never'}</Text> },
    { header: 'Expires', cell: (token) => <Text size="sm">{formatDate(token.expiresAt)}</Text> },
    {
      header: 'Actions',
      hideHeader: true,
      cell: (token) =>
        revoke && token.status === 'active' ? (
          <Button size="xs" variant="light" color="red" onClick={() => setConfirming(token)} aria-label={`Revoke the token ${token.name}`}>
            Revoke
          </Button>
        ) : null,
    },
  ];
  return (
    <>
      <DataTable rows={rows} columns={columns} rowKey={(token) => token.id} label={label} minWidth={640} verticalSpacing="sm" />
      <ConfirmModal
        opened={confirming !== null}
        onClose={() => {
          setConfirming(null);
          revoking.reset();
        }}
        title={`Revoke ${confirming?.name ?? 'the token'}?`}
        error={revoking.error?.message}
        pending={revoking.isPending}
        confirmLabel="Revoke"
        confirmColor="red"
        onConfirm={() => confirming && revoking.mutate(confirming.id)}
        testIds={{ confirm: 'confirm-revoke-token' }}
      >
        <Text size="sm">{revokeConsequence} This cannot be undone.</Text>
      </ConfirmModal>
    </>
  );
}
