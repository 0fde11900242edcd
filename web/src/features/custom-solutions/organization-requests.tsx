import { Skeleton, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryErrorAlert } from '../../components/query-error-alert';
import { Pager } from '../../components/pager';
import { useTRPC } from '../../lib/trpc';
import { RequestCard } from './request-card';

const PAGE_SIZE = 10;

/** Every request of the caller's organisation, newest first, with the solutions team's answers. */
export function OrganizationRequests() {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const requests = useQuery({ ...trpc.customSolutions.list.queryOptions({ page, pageSize: PAGE_SIZE }), placeholderData: keepPreviousData });

  if (requests.isPending) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Loading your organisation's requests">
        <Skeleton height={120} radius="md" />
        <Skeleton height={120} radius="md" />
      </Stack>
    );
  }
  if (requests.error) {
    return (
      <QueryErrorAlert title="Your organisation's requests could not be loaded" error={requests.error} retrying={requests.isFetching} onRetry={() => void requests.refetch()} />
    );
  }
  const { items, total, pageCount } = requests.data;
  if (total === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="custom-solutions-empty">
        Your organisation has not sent any request yet.
      </Text>
    );
  }
  return (
    <Stack gap="sm" data-testid="custom-solutions-list">
      <Text size="sm" c="dimmed" aria-live="polite">
        {total === 1 ? '1 request' : `${total} requests`}
        {pageCount > 1 ? `, page ${page} of ${pageCount}` : ''}
      </Text>
      {items.map((request) => (
        <RequestCard key={request.id} request={request} />
      ))}
      <Pager label="Pages of your organisation's requests" pages={pageCount} page={page} onChange={setPage} />
    </Stack>
  );
}
