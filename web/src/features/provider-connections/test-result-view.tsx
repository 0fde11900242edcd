import { Alert, Badge, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { DataTable, type Column } from '../../components/list-kit';
import { formatTook, type TestResult } from './providers';

interface ClusterFacts {
  name: string;
  region: string;
  kubernetesVersion: string;
  nodeCount: number | null;
}

/** The columns every listing of another cloud's clusters shows: name, region, version and nodes. */
export function clusterFactColumns<T extends ClusterFacts>(): Column<T>[] {
  return [
    { header: 'Name', cell: (cluster) => cluster.name },
    { header: 'Region', cell: (cluster) => cluster.region },
    { header: 'Version', cell: (cluster) => cluster.kubernetesVersion || '—' },
    { header: 'Nodes', cell: (cluster) => cluster.nodeCount ?? 'not reported' },
  ];
}

/** The clusters a listing found, or why it failed (announced: role=alert). */
export function TestResultView({ result, label }: { result: TestResult; label: string }) {
  if (!result.ok) {
    return (
      <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={18} aria-hidden />} title={result.explanation ?? 'The test failed.'} data-testid="test-failure" data-kind={result.kind}>
        <Stack gap={4}>
          {result.message ? <Text size="sm">{result.message}</Text> : null}
          <Text size="xs" c="dimmed">
            The provider answered after {formatTook(result.tookMs)}.
          </Text>
        </Stack>
      </Alert>
    );
  }
  return (
    <Stack gap="xs" data-testid="test-success">
      <Text size="sm" role="status" fw={500}>
        {result.clusters.length === 0 ? 'Connected: no cluster found' : `Connected: ${result.clusters.length} cluster${result.clusters.length === 1 ? '' : 's'} found`} in{' '}
        <span data-testid="test-took">{formatTook(result.tookMs)}</span>.
      </Text>
      {result.clusters.length > 0 ? (
        <DataTable
          rows={result.clusters}
          columns={[
            ...clusterFactColumns<(typeof result.clusters)[number]>(),
            {
              header: 'Status',
              cell: (cluster) => (
                <Badge variant="outline" color="dark">
                  {cluster.status}
                </Badge>
              ),
            },
          ]}
          rowKey={(cluster) => cluster.providerId}
          label={label}
          minWidth={560}
          verticalSpacing="xs"
          testId="test-clusters"
        />
      ) : null}
    </Stack>
  );
}
