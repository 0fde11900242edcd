import { Button, Group, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ChangeEvent } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { CellLines, DataTable, Pager, pageCount, QueryView } from '../../components/list-kit';
import { formatDateTime } from '../../lib/date-format';
import { useTRPC } from '../../lib/trpc';
import { activityLabel, activityQuery, dateProblem, describeMetadata, EMPTY_FILTERS, type ActivityFilterValues } from './activity-filters';
import type { ActivityEntry } from './team-types';

const PAGE_SIZE = 25;

function download(filename: string, csv: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * The audit log with its filters and CSV export. `organization`: the caller's organisation
 * (customers); `staff`: every organisation, with an organisation filter.
 */
export function ActivityLog({ scope, organizationId }: { scope: 'organization' | 'staff'; organizationId?: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<ActivityFilterValues>({ ...EMPTY_FILTERS, organizationId: organizationId ?? '' });
  const [debounced] = useDebouncedValue(values, 300);
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<string | null>(null);
  const problem = dateProblem(debounced);
  const { organizationId: orgFilter, ...filters } = activityQuery(debounced);
  // Both are declared so hooks keep their order; only the one of this scope runs.
  const staffList = useQuery({
    ...trpc.activity.staffList.queryOptions({ ...filters, organizationId: orgFilter, page, pageSize: PAGE_SIZE }),
    enabled: scope === 'staff' && problem === null,
    placeholderData: keepPreviousData,
  });
  const organizationList = useQuery({ ...trpc.activity.list.queryOptions({ ...filters, page, pageSize: PAGE_SIZE }), enabled: scope === 'organization' && problem === null, placeholderData: keepPreviousData });
  const list = scope === 'staff' ? staffList : organizationList;
  const set = (key: keyof ActivityFilterValues) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((previous) => ({ ...previous, [key]: value }));
    setPage(1);
  };

  const exportCsv = async () => {
    setExporting(true);
    setExportError(null);
    try {
      const file =
        scope === 'staff'
          ? await queryClient.fetchQuery(trpc.activity.staffCsv.queryOptions({ ...filters, organizationId: orgFilter }))
          : await queryClient.fetchQuery(trpc.activity.csv.queryOptions(filters));
      download(file.filename, file.csv);
    } catch (failure) {
      setExportError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="md" data-testid="activity-log">
      <SimpleGrid cols={{ base: 1, sm: 2, md: scope === 'staff' && !organizationId ? 5 : 4 }} spacing="sm">
        <TextInput label="Actor" description="Name, username or email" value={values.actor} onChange={set('actor')} />
        <TextInput label="Action" description="e.g. order, team.role_changed" value={values.action} onChange={set('action')} />
        {scope === 'staff' && !organizationId ? <TextInput label="Organisation id" description="e.g. org_demo_acme" value={values.organizationId} onChange={set('organizationId')} /> : null}
        <TextInput label="From (UTC)" type="date" value={values.fromDay} onChange={set('fromDay')} />
        <TextInput label="To (UTC)" type="date" value={values.toDay} onChange={set('toDay')} error={problem} />
      </SimpleGrid>
      <Group justify="space-between">
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="activity-count">
          {list.data ? `${list.data.total} ${list.data.total === 1 ? 'entry' : 'entries'}` : ' '}
        </Text>
        <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} loading={exporting} disabled={problem !== null} onClick={() => void exportCsv()}>
          Export CSV
        </Button>
      </Group>
      <ErrorAlert>{exportError}</ErrorAlert>
      <QueryView query={list} loading={problem === null ? <Skeleton height={200} aria-busy="true" aria-label="Loading activity" /> : null} errorTitle="The activity could not be loaded">
        {(data) => (
          <>
            <DataTable
              rows={data.items}
              columns={[
                { header: 'When (UTC)', cell: (entry) => <Text size="sm">{formatDateTime(entry.createdAt)}</Text> },
                { header: 'Who', cell: (entry) => <CellLines detail={entry.actorEmail}>{entry.actorName ?? 'KubeMarket'}</CellLines> },
                scope === 'staff' && { header: 'Organisation', cell: (entry) => entry.organizationName ?? '—' },
                { header: 'Action', cell: (entry) => <CellLines detail={entry.targetType ? `${entry.targetType} ${entry.targetId}` : null}>{activityLabel(entry.action)}</CellLines> },
                {
                  header: 'Details',
                  cell: (entry) => (
                    <Text size="xs" style={{ wordBreak: 'break-word' }}>
                      {describeMetadata(entry.metadata, formatDateTime)}
                    </Text>
                  ),
                },
                { header: 'From', cell: (entry) => <Text size="sm">{entry.ipAddress ?? '—'}</Text> },
              ]}
              rowKey={(entry: ActivityEntry) => entry.id}
              rowProps={(entry) => ({ 'data-testid': 'activity-row', 'data-action': entry.action })}
              label="Activity"
              minWidth={760}
              striped
              testId="activity-table"
              scrollRegion="Activity table"
            />
            <Pager label="Pages of activity" pages={pageCount(data.total, PAGE_SIZE)} page={page} onChange={setPage} />
          </>
        )}
      </QueryView>
    </Stack>
  );
}
