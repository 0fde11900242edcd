import { isAdminRole } from '@kubemarket/shared';
import { Badge, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable, QueryView, type Column } from '../../components/list-kit';
import { formatDateTime } from '../../lib/date-format';
import { useTRPC } from '../../lib/trpc';
import { useCurrentUser } from '../auth';
import { DecisionButtons, decisionReasonProblem, ReasonDialog, withNote, type ReasonAction } from '../officers';
import type { ChangeRequest } from './catalog-admin-types';

const KIND_LABELS: Record<ChangeRequest['kind'], string> = {
  price_change: 'Price change',
  promotion_create: 'New promotion',
  promotion_update: 'Promotion change',
};

/**
 * Catalogue changes waiting for a second person (four eyes, ADR 27): who asked, what the change
 * does, why it needs approval and why they want it. Administrators other than the requester
 * approve (the change is then made) or refuse with a reason; everyone else sees who decides.
 */
export function ChangeRequestsPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const query = useQuery(trpc.catalogAdmin.changeRequests.list.queryOptions({ status: 'pending' }));
  const approve = useMutation(trpc.catalogAdmin.changeRequests.approve.mutationOptions());
  const reject = useMutation(trpc.catalogAdmin.changeRequests.reject.mutationOptions());
  const [decision, setDecision] = useState<ReasonAction | null>(null);
  const admin = isAdminRole(user?.role);
  // A decision changes the request and, approved, the catalogue itself.
  const decided = () => queryClient.invalidateQueries({ queryKey: trpc.catalogAdmin.pathKey() });
  const columns: Column<ChangeRequest>[] = [
    {
      header: 'Change',
      cell: (request) => (
        <>
          <Badge variant="light" mb={4}>
            {KIND_LABELS[request.kind]}
          </Badge>
          <Text size="sm">{request.summary}</Text>
        </>
      ),
    },
    { header: 'Why approval', cell: (request) => <Text size="sm">{request.limitReason}</Text> },
    {
      header: 'Asked by, and why',
      cell: (request) => (
        <>
          <Text size="sm">
            {request.requesterName ?? 'A former member of staff'}, {formatDateTime(request.createdAt)}
          </Text>
          <Text size="sm" c="dimmed">
            “{request.reason}”
          </Text>
        </>
      ),
    },
    {
      header: 'Actions',
      hideHeader: true,
      cell: (request) => (
        <DecisionButtons
          anotherDecides={!admin || request.requestedBy === user?.id}
          onDecide={setDecision}
          approve={{
            title: 'Approve this catalogue change?',
            body: `${request.summary}. It is made now, in your name and ${request.requesterName ?? 'the requester'}'s.`,
            confirmLabel: 'Approve and apply',
            run: (note) => approve.mutateAsync(withNote(request.id, note)).then(decided),
            done: { title: 'Change approved', description: request.summary },
          }}
          refuse={{
            title: 'Refuse this catalogue change?',
            body: 'The requester reads your reason. Nothing changes in the catalogue.',
            run: (reason) => reject.mutateAsync({ id: request.id, reason }).then(decided),
            done: 'Change refused',
          }}
        />
      ),
    },
  ];

  return (
    <Stack gap="sm" component="section" aria-labelledby="panel-change-requests" data-testid="change-requests">
      <Title order={2} size="h3" id="panel-change-requests">
        Catalogue changes awaiting approval
      </Title>
      <Text size="sm" c="dimmed">
        Large price cuts or rises and large promotions wait for an administrator other than the person who asked.
      </Text>
      <QueryView
        query={query}
        loading={<Skeleton height={40} />}
        errorTitle="Changes awaiting approval could not be loaded"
        isEmpty={(requests) => requests.length === 0}
        empty={<Text size="sm">No catalogue change awaits approval.</Text>}
      >
        {(requests) => (
          <DataTable
            rows={requests}
            columns={columns}
            rowKey={(request) => request.id}
            rowProps={() => ({ 'data-testid': 'change-request' })}
            label="Catalogue changes awaiting approval"
            minWidth={720}
            striped
          />
        )}
      </QueryView>
      <ReasonDialog action={decision} reasonProblem={decisionReasonProblem} onClose={() => setDecision(null)} />
    </Stack>
  );
}
