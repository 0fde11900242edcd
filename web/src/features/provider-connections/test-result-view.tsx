import { Alert, Badge, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { formatTook, type TestResult } from './providers';

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
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs" aria-label={label} data-testid="test-clusters">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Region</Table.Th>
                <Table.Th>Version</Table.Th>
                <Table.Th>Nodes</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.clusters.map((cluster) => (
                <Table.Tr key={cluster.providerId}>
                  <Table.Td>{cluster.name}</Table.Td>
                  <Table.Td>{cluster.region}</Table.Td>
                  <Table.Td>{cluster.kubernetesVersion || '—'}</Table.Td>
                  <Table.Td>{cluster.nodeCount ?? 'not reported'}</Table.Td>
                  <Table.Td>
                    <Badge variant="outline" color="dark">
                      {cluster.status}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Stack>
  );
}
