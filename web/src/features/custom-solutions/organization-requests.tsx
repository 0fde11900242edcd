import { Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PagedResults, RowsSkeleton } from '../../components/list-kit';
import { useTRPC } from '../../lib/trpc';
import { requestsRange } from './custom-solution-format';
import { RequestCard } from './request-card';

const PAGE_SIZE = 10;

/** Every request of the caller's organisation, newest first, with the solutions team's answers. */
export function OrganizationRequests() {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const requests = useQuery({ ...trpc.customSolutions.list.queryOptions({ page, pageSize: PAGE_SIZE }), placeholderData: keepPreviousData });

  return (
    <PagedResults
      query={requests}
      loading={<RowsSkeleton label="Loading your organisation's requests" heights={[120, 120]} gap="sm" radius="md" />}
      errorTitle="Your organisation's requests could not be loaded"
      isEmpty={(data) => data.total === 0}
      empty={
        <Text size="sm" c="dimmed" data-testid="custom-solutions-empty">
          Your organisation has not sent any request yet.
        </Text>
      }
      range={(data) => requestsRange(data.total, page, data.pageCount)}
      pagerLabel="Pages of your organisation's requests"
      pages={(data) => data.pageCount}
      page={() => page}
      onPage={setPage}
      testId="custom-solutions-list"
    >
      {(data) => data.items.map((request) => <RequestCard key={request.id} request={request} />)}
    </PagedResults>
  );
}
