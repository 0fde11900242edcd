import { Button, Code, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { PagedTable, pageCount, rangeLabel, RowsSkeleton, type Column } from '../../components/list-kit';
import { SectionCard } from '../../components/section-card';
import { formatDateTime } from '../../lib/date-format';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { DeliveryStatusBadge, inProgress } from './delivery-status';

/** While a delivery is queued, sending or waiting for a retry due soon, the list is read again this often. */
const LIVE_REFRESH_MS = 2_000;
const PAGE_SIZE = 20;

/** An endpoint's latest deliveries: state, attempts, answer, next retry, and Retry. */
export function DeliveriesSection({ endpointId, url }: { endpointId: string; url: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const deliveries = useQuery({
    ...trpc.webhooks.deliveries.queryOptions({ id: endpointId, page, pageSize: PAGE_SIZE }),
    placeholderData: (previous) => previous,
    refetchInterval: (query) => (query.state.data?.items.some((delivery) => inProgress(delivery.status) && (delivery.nextAttemptAt ?? 0) < Date.now() + 60_000) ? LIVE_REFRESH_MS : false),
  });
  // A delivery that changes state changes the endpoint's "last delivery" in the list above.
  const states = deliveries.data?.items.map((delivery) => delivery.status).join() ?? '';
  useEffect(() => {
    if (states) void queryClient.invalidateQueries({ queryKey: trpc.webhooks.list.queryKey() });
  }, [states, queryClient, trpc]);
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.webhooks.deliveries.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.webhooks.list.queryKey() });
  };
  const retry = useMutation(
    trpc.webhooks.retryDelivery.mutationOptions({
      onSuccess: () => {
        toast({ title: 'The delivery is being sent again.', variant: 'success' });
        refresh();
      },
      onError: (error) => toast({ title: 'Retry refused', description: error.message, variant: 'destructive' }),
    }),
  );

  type Delivery = NonNullable<typeof deliveries.data>['items'][number];
  const columns: Column<Delivery>[] = [
    {
      header: 'Event',
      rowHeader: true,
      cell: (delivery) => (
        <>
          <Code>{delivery.eventType}</Code>
          <Text size="xs" c="dimmed">
            {formatDateTime(delivery.createdAt)}
          </Text>
        </>
      ),
    },
    { header: 'Status', cell: (delivery) => <DeliveryStatusBadge status={delivery.status} attempts={delivery.attempts} /> },
    { header: 'Attempts', align: 'right', cell: (delivery) => <Text size="sm">{delivery.attempts}</Text> },
    {
      header: 'Response',
      cell: (delivery) => (
        <>
          <Text size="sm">{delivery.responseStatus ?? (delivery.attempts > 0 ? 'No answer' : '—')}</Text>
          {delivery.responseExcerpt ? (
            <Text size="xs" c="dimmed" lineClamp={2} maw={260} style={{ wordBreak: 'break-word' }}>
              {delivery.responseExcerpt}
            </Text>
          ) : null}
        </>
      ),
    },
    { header: 'Next retry', cell: (delivery) => <Text size="sm">{delivery.status === 'pending' && delivery.nextAttemptAt ? formatDateTime(delivery.nextAttemptAt) : '—'}</Text> },
    {
      header: 'Actions',
      hideHeader: true,
      cell: (delivery) => (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconRefresh size={14} aria-hidden />}
          disabled={delivery.status === 'sending'}
          loading={retry.isPending && retry.variables?.deliveryId === delivery.id}
          onClick={() => retry.mutate({ id: endpointId, deliveryId: delivery.id, idempotencyKey: crypto.randomUUID() })}
          aria-label={`Retry the ${delivery.eventType} delivery of ${formatDateTime(delivery.createdAt)}`}
          data-testid="webhook-retry"
        >
          Retry
        </Button>
      ),
    },
  ];

  return (
    <SectionCard id="webhook-deliveries" title="Deliveries" description={`What was sent to ${url}, newest first. A failed delivery is retried after 5 s, 5 min, 30 min, 2 h, 5 h and 10 h.`}>
      <PagedTable
        query={deliveries}
        loading={<RowsSkeleton label="Loading deliveries" />}
        errorTitle="Deliveries could not be loaded"
        empty={
          <Text size="sm" c="dimmed">
            Nothing was sent to this endpoint yet. Send a test event to try it.
          </Text>
        }
        range={(data) => rangeLabel(data.page, data.pageSize, data.total, { none: 'No deliveries', many: 'Deliveries' })}
        pages={(data) => pageCount(data.total, data.pageSize)}
        page={(data) => data.page}
        onPage={setPage}
        pagerLabel="Pages of deliveries"
        busy={deliveries.isPlaceholderData}
        columns={columns}
        rowKey={(delivery) => delivery.id}
        label={`Deliveries to ${url}`}
        minWidth={760}
        verticalSpacing="sm"
        testId="webhook-deliveries"
      />
    </SectionCard>
  );
}
