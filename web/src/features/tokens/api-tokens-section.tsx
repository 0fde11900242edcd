import { createTokenInputSchema, SCOPE_DOMAIN_LABELS, SCOPE_DOMAINS, type ScopeDomain, type TokenScope } from '@kubemarket/shared';
import {
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCopy, IconKey } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable, QueryView, RowsSkeleton, type Column } from '../../components/list-kit';
import { SectionCard } from '../../components/section-card';
import { formatDate } from '../../lib/date-format';
import { formatRelativeTime } from '../../lib/relative-time';
import { ErrorAlert } from '../../components/error-alert';
import { fieldMap } from '../../lib/server-errors';
import { useTRPC } from '../../lib/trpc';
import { useSchemaForm } from '../../lib/use-schema-form';
import { accessOf, describeScope, EXPIRY_CHOICES, scopesOf, type DomainAccess } from './token-form-values';
import { CancelSubmitRow } from '../../components/form-fields';

export const API_TOKENS_ANCHOR = 'api-tokens';

const STATUS_COLOR = { active: 'green.9', expired: 'gray.7', revoked: 'red.9' } as const;

/** Personal API tokens for scripts: create (secret shown once), list, revoke. */
export function ApiTokensSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const tokens = useQuery(trpc.tokens.list.queryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.tokens.list.queryKey() });
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);

  const revoke = useMutation(
    trpc.tokens.revoke.mutationOptions({
      onSuccess(token) {
        void refresh();
        notifications.show({ message: `The token "${token.name}" has been revoked.`, color: 'green' });
      },
      onError(error) {
        notifications.show({ title: 'Error', message: error.message, color: 'red' });
      },
    }),
  );

  const columns: Column<NonNullable<typeof tokens.data>[number]>[] = [
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
    { header: 'Created', cell: (token) => <Text size="sm">{formatDate(token.createdAt)}</Text> },
    { header: 'Last used', cell: (token) => <Text size="sm">{token.lastUsedAt ? formatRelativeTime(token.lastUsedAt) : 'Never'}</Text> },
    { header: 'Expires', cell: (token) => <Text size="sm">{formatDate(token.expiresAt)}</Text> },
    {
      header: 'Actions',
      hideHeader: true,
      cell: (token) =>
        token.status === 'active' ? (
          <Button
            size="xs"
            variant="light"
            color="red"
            loading={revoke.isPending && revoke.variables?.id === token.id}
            onClick={() => revoke.mutate({ id: token.id })}
            aria-label={`Revoke the token ${token.name}`}
          >
            Revoke
          </Button>
        ) : null,
    },
  ];

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
        {(data) => <DataTable rows={data} columns={columns} rowKey={(token) => token.id} label="Your API tokens" minWidth={640} verticalSpacing="sm" />}
      </QueryView>
      <CreateTokenModal
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(token) => {
          setCreating(false);
          setSecret(token);
          void refresh();
        }}
      />
      <Modal opened={secret !== null} onClose={() => setSecret(null)} title="Copy your new token now" size="lg">
        <Stack>
          <Alert color="yellow" variant="light">
            This is the only time the token is shown. Store it in your secret manager; if you lose it, revoke it and create another.
          </Alert>
          <Code block data-testid="new-api-token">
            {secret}
          </Code>
          <Group justify="flex-end">
            <CopyButton value={secret ?? ''}>
              {({ copied, copy }) => (
                <Button leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />} color={copied ? 'green.9' : undefined} onClick={copy}>
                  {copied ? 'Copied' : 'Copy token'}
                </Button>
              )}
            </CopyButton>
            <Button variant="default" onClick={() => setSecret(null)}>
              Done
            </Button>
          </Group>
        </Stack>
      </Modal>
    </SectionCard>
  );
}

function CreateTokenModal({ opened, onClose, onCreated }: { opened: boolean; onClose: () => void; onCreated: (token: string) => void }) {
  const trpc = useTRPC();
  const create = useMutation(trpc.tokens.create.mutationOptions());
  // Controlled: the scope switches show the scopes chosen so far.
  const { form, formRef, onSubmit, submitting, error } = useSchemaForm({
    schema: createTokenInputSchema,
    initialValues: { name: '', expiresInDays: 90, scopes: [] as TokenScope[] },
    mode: 'controlled',
    submit: (input) => create.mutateAsync(input),
    fieldOf: fieldMap(['name', 'expiresInDays', 'scopes']),
    resetOnSuccess: true,
    onSuccess: (token) => onCreated(token.token),
  });
  const access = accessOf(form.values.scopes);

  return (
    <Modal opened={opened} onClose={onClose} title="Create an API token" size="lg">
      <form ref={formRef} noValidate onSubmit={onSubmit}>
        <Stack>
          <TextInput label="Name" description="What the token is for, so you recognise it later." required maxLength={64} {...form.getInputProps('name')} />
          <Select
            label="Expires after"
            data={EXPIRY_CHOICES.map((choice) => ({ ...choice }))}
            value={String(form.values.expiresInDays)}
            onChange={(value) => form.setFieldValue('expiresInDays', Number(value ?? '90'))}
            allowDeselect={false}
          />
          <Stack gap="xs" role="group" aria-labelledby="token-scopes-label">
            <Text id="token-scopes-label" size="sm" fw={500}>
              Scopes
            </Text>
            <Text size="xs" c="dimmed">
              The token can never do more than your organisation role allows. Write includes read.
            </Text>
            {SCOPE_DOMAINS.map((domain: ScopeDomain) => (
              <Group key={domain} justify="space-between" wrap="nowrap">
                <Text size="sm" id={`scope-${domain}`}>
                  {SCOPE_DOMAIN_LABELS[domain]}
                </Text>
                <SegmentedControl
                  size="xs"
                  aria-labelledby={`scope-${domain}`}
                  value={access[domain]}
                  onChange={(value) => form.setFieldValue('scopes', scopesOf({ ...access, [domain]: value as DomainAccess }))}
                  data={[
                    { value: 'none', label: 'No access' },
                    { value: 'read', label: 'Read' },
                    { value: 'write', label: 'Read & write' },
                  ]}
                />
              </Group>
            ))}
          </Stack>
          {/* The scopes are no single field: their message stands with the form's. */}
          <ErrorAlert>{error ?? form.errors.scopes}</ErrorAlert>
          <CancelSubmitRow onCancel={onClose} submitting={submitting}>
            Create token
          </CancelSubmitRow>
        </Stack>
      </form>
    </Modal>
  );
}
