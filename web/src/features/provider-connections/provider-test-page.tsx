import { Alert, Badge, Button, Card, Container, Group, List, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle, IconPlugConnected } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable, QueryView, type Column } from '../../components/list-kit';
import { SectionCard } from '../../components/section-card';
import { formatRelativeTime } from '../../lib/relative-time';
import { useTRPC } from '../../lib/trpc';
import { useSchemaForm } from '../../lib/use-schema-form';
import { CredentialFields } from './credential-fields';
import { connectionFormSchema, credentialsSchema } from './credential-schemas';
import { useMayManageConnections } from './may-manage-connections';
import { credentialsOf, emptyValues, PROVIDER_PAGES, type FormValues, type ProviderId, type SavedConnection, type TestResult } from './providers';
import { TestResultView } from './test-result-view';
import { Modal } from '../../components/overlays';

const RESULT_LABELS: Record<NonNullable<SavedConnection['lastResultKind']>, string> = {
  ok: 'Working',
  bad_credentials: 'Credentials refused',
  missing_permission: 'Missing permission',
  unknown_region: 'Unknown region',
  rate_limited: 'Rate limited',
  unreachable: 'Unreachable',
  timeout: 'Timed out',
  unexpected: 'Unexpected answer',
};

function useRefreshConnections() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.providerConnections.list.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.providerConnections.externalClusters.queryKey() }),
    ]);
}

/**
 * /gcp-cluster-test, /aws-eks-test and the other provider pages: what to create at the provider,
 * the credential form, a test that lists the clusters (nothing stored), a save when the customer
 * chooses it, and the connections saved for this provider.
 */
export function ProviderTestPage({ provider }: { provider: ProviderId }) {
  const page = PROVIDER_PAGES[provider];
  const trpc = useTRPC();
  const mayManage = useMayManageConnections();
  const refresh = useRefreshConnections();
  const [result, setResult] = useState<TestResult | null>(null);
  const test = useMutation(trpc.providerConnections.test.mutationOptions());
  const save = useMutation(trpc.providerConnections.create.mutationOptions());
  // Controlled: the JSON key file fills its field. `intent` is the button that sent the form.
  const { form, formRef, onSubmit, error } = useSchemaForm({
    schema: connectionFormSchema(provider),
    initialValues: { ...emptyValues(provider), connectionName: '', intent: 'test' } as FormValues,
    mode: 'controlled',
    submit: async (_checked, values): Promise<string | null> => {
      const credentials = credentialsOf(provider, values);
      if (values.intent !== 'save') {
        setResult(await test.mutateAsync(credentials));
        return null;
      }
      const answer = await save.mutateAsync({ ...credentials, name: (values.connectionName ?? '').trim() });
      setResult(answer.result);
      return answer.connection?.name ?? null;
    },
    onSuccess: (saved) => {
      if (saved === null) return;
      // The secrets leave the page's memory once stored: nothing to echo back, nothing to leak.
      form.reset();
      void refresh();
      notifications.show({ message: `The connection "${saved}" is saved.`, color: 'green' });
    },
  });
  const sendAs = (intent: 'test' | 'save') => {
    form.setFieldValue('intent', intent);
    setResult(null);
  };

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} data-testid="page-title">
            {page.title}
          </Title>
          <Text c="dimmed">
            Connect your {page.product} account with read-only credentials: we list your clusters there (name, region, version, nodes, status) so you see them beside your KubeMarket clusters. Testing stores nothing.
          </Text>
        </Stack>

        <SectionCard title={`What to create at ${page.cloud}`} description="The least rights that let us list your clusters: we never need more.">
          <List size="sm" type="ordered" spacing={4} data-testid="least-privilege">
            {page.leastPrivilege.map((step) => (
              <List.Item key={step}>{step}</List.Item>
            ))}
          </List>
        </SectionCard>

        {mayManage ? (
          <Card withBorder radius="md" padding="lg">
            <form ref={formRef} aria-label={`${page.badge} credentials`} noValidate onSubmit={onSubmit}>
              <Stack gap="md">
                <Title order={2} size="h3">
                  Credentials
                </Title>
                <CredentialFields provider={provider} form={form} disabled={save.isPending} />
                <TextInput
                  label="Connection name"
                  description="Only needed to save: how the connection is listed, e.g. “Production account”."
                  maxLength={64}
                  {...form.getInputProps('connectionName')}
                  data-testid="connection-name"
                />
                {error ? (
                  <Alert color="red" variant="light" role="alert" data-testid="form-error">
                    {error}
                  </Alert>
                ) : null}
                <Group gap="sm">
                  <Button type="submit" leftSection={<IconPlugConnected size={16} aria-hidden />} loading={test.isPending} disabled={save.isPending} onClick={() => sendAs('test')} data-testid="test-connection">
                    Test connection
                  </Button>
                  <Button type="submit" variant="default" loading={save.isPending} disabled={test.isPending} data-testid="save-connection" onClick={() => sendAs('save')}>
                    Save connection
                  </Button>
                </Group>
                <div aria-live="polite">{result ? <TestResultView result={result} label={`Clusters found at ${page.product}`} /> : null}</div>
              </Stack>
            </form>
          </Card>
        ) : (
          <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} aria-hidden />} data-testid="read-only-note">
            Only owners and administrators of your organisation can test and save cloud credentials. You can see the connections already saved below.
          </Alert>
        )}

        <SavedConnections provider={provider} mayManage={mayManage} />
      </Stack>
    </Container>
  );
}

function SavedConnections({ provider, mayManage }: { provider: ProviderId; mayManage: boolean }) {
  const trpc = useTRPC();
  const refresh = useRefreshConnections();
  const connections = useQuery(trpc.providerConnections.list.queryOptions());
  const [replacing, setReplacing] = useState<SavedConnection | null>(null);
  const [deleting, setDeleting] = useState<SavedConnection | null>(null);
  const [tested, setTested] = useState<{ id: string; result: TestResult } | null>(null);
  const page = PROVIDER_PAGES[provider];

  const testAgain = useMutation(
    trpc.providerConnections.testSaved.mutationOptions({
      onSuccess(result, input) {
        setTested({ id: input.id, result });
        void refresh();
      },
      onError: (error) => notifications.show({ title: 'The test could not run', message: error.message, color: 'red' }),
    }),
  );
  const remove = useMutation(
    trpc.providerConnections.delete.mutationOptions({
      onSuccess() {
        setDeleting(null);
        void refresh();
        notifications.show({ message: 'The connection and its clusters are deleted.', color: 'green' });
      },
      onError: (error) => notifications.show({ title: 'The connection could not be deleted', message: error.message, color: 'red' }),
    }),
  );
  const mine = connections.data?.filter((connection) => connection.provider === provider) ?? [];

  const columns: Column<SavedConnection>[] = [
    {
      header: 'Name',
      cell: (connection) => (
        <>
          <Text size="sm" fw={500}>
            {connection.name}
          </Text>
          <Text size="xs" c="dimmed">
            Saved {formatRelativeTime(connection.createdAt)}
            {connection.createdBy ? ` by ${connection.createdBy}` : ''}
          </Text>
        </>
      ),
    },
    { header: 'Identifies', cell: (connection) => <Text size="sm">{connection.hint}</Text> },
    {
      header: 'Last result',
      cell: (connection) => (
        <>
          {connection.lastResultKind ? (
            <Badge variant="filled" color={connection.lastResultKind === 'ok' ? 'teal.9' : 'red.9'}>
              {RESULT_LABELS[connection.lastResultKind]}
            </Badge>
          ) : null}
          {connection.lastTestedAt ? (
            <Text size="xs" c="dimmed">
              tested {formatRelativeTime(connection.lastTestedAt)}
            </Text>
          ) : null}
        </>
      ),
    },
    { header: 'Clusters', cell: (connection) => connection.clusterCount },
    {
      header: 'Actions',
      hideHeader: true,
      cell: (connection) =>
        mayManage ? (
          <Group gap="xs" justify="flex-end" wrap="nowrap">
            <Button size="xs" variant="light" loading={testAgain.isPending && testAgain.variables?.id === connection.id} onClick={() => testAgain.mutate({ id: connection.id })} aria-label={`Test again: ${connection.name}`}>
              Test again
            </Button>
            <Button size="xs" variant="default" onClick={() => setReplacing(connection)} aria-label={`Replace credentials of ${connection.name}`}>
              Replace credentials
            </Button>
            <Button size="xs" variant="light" color="red" onClick={() => setDeleting(connection)} aria-label={`Delete ${connection.name}`}>
              Delete
            </Button>
          </Group>
        ) : null,
    },
  ];

  return (
    <SectionCard title="Saved connections" description={`Connections to ${page.product} saved for your organisation. Their credentials are stored encrypted and never shown again.`}>
      <QueryView
        query={connections}
        loading={<Skeleton height={72} aria-label="Loading saved connections" />}
        errorTitle="Saved connections could not be loaded"
        isEmpty={() => mine.length === 0}
        empty={
          <Text size="sm" c="dimmed" data-testid="no-connections">
            No {page.badge} connection is saved yet.
          </Text>
        }
      >
        {() => (
          <Stack gap="sm">
            <DataTable
              rows={mine}
              columns={columns}
              rowKey={(connection) => connection.id}
              rowProps={() => ({ 'data-testid': 'saved-connection' })}
              label={`Saved ${page.badge} connections`}
              minWidth={720}
              verticalSpacing="sm"
              testId="saved-connections"
            />
            {tested && mine.some((connection) => connection.id === tested.id) ? (
              <div aria-live="polite" data-testid="saved-test-result">
                <Text size="sm" fw={500}>
                  {mine.find((connection) => connection.id === tested.id)?.name}:
                </Text>
                <TestResultView result={tested.result} label="Clusters found with the saved credentials" />
              </div>
            ) : null}
          </Stack>
        )}
      </QueryView>
      {replacing ? <ReplaceCredentialsModal connection={replacing} provider={provider} onClose={() => setReplacing(null)} /> : null}
      <Modal opened={deleting !== null} onClose={() => setDeleting(null)} title="Delete this connection?">
        <Stack>
          <Text size="sm">
            “{deleting?.name}” and the {deleting?.clusterCount ?? 0} external cluster{deleting?.clusterCount === 1 ? '' : 's'} it listed are removed; its credentials are erased. Your clusters at {page.product} are not touched.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              Keep it
            </Button>
            <Button color="red.9" loading={remove.isPending} onClick={() => deleting && remove.mutate({ id: deleting.id })} data-testid="confirm-delete">
              Delete connection
            </Button>
          </Group>
        </Stack>
      </Modal>
    </SectionCard>
  );
}

function ReplaceCredentialsModal({ connection, provider, onClose }: { connection: SavedConnection; provider: ProviderId; onClose: () => void }) {
  const trpc = useTRPC();
  const refresh = useRefreshConnections();
  const [result, setResult] = useState<TestResult | null>(null);
  const replace = useMutation(trpc.providerConnections.replaceCredentials.mutationOptions());
  // Controlled: the JSON key file fills its field.
  const { form, formRef, onSubmit, submitting, error } = useSchemaForm({
    schema: credentialsSchema(provider),
    initialValues: emptyValues(provider),
    mode: 'controlled',
    submit: async (_checked, values) => {
      const answer = await replace.mutateAsync({ id: connection.id, ...credentialsOf(provider, values) });
      setResult(answer.result);
      return answer.connection !== null && answer.connection !== undefined;
    },
    onSuccess: (replaced) => {
      if (!replaced) return;
      void refresh();
      notifications.show({ message: `The credentials of "${connection.name}" are replaced.`, color: 'green' });
      onClose();
    },
  });
  return (
    <Modal opened onClose={onClose} title={`Replace the credentials of “${connection.name}”`} size="lg">
      <form ref={formRef} noValidate onSubmit={onSubmit}>
        <Stack>
          <Text size="sm">The new credentials are tested first; the old ones stay in use unless the provider accepts the new ones.</Text>
          <CredentialFields provider={provider} form={form} disabled={submitting} />
          {error ? (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          ) : null}
          {result && !result.ok ? <TestResultView result={result} label="Clusters found" /> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={submitting} onClick={() => setResult(null)}>
              Test and replace
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
