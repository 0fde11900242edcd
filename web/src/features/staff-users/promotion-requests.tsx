import { Badge, Button, Group, Select, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryErrorAlert } from '../../components/query-error-alert';
import { Pager, pageCount } from '../../components/pager';
import { formatDateTime } from '../../lib/date-format';
import { useTRPC } from '../../lib/trpc';
import { useSessionUser } from '../auth';
import { ReasonDialog, type ReasonAction } from '../officers';
import { PLATFORM_ROLE_LABELS, rangeLabel, reasonProblem } from './staff-users-format';
import type { PromotionRequest } from './staff-users-types';

const PAGE_SIZE = 20;
const STATUS_COLORS = { pending: 'yellow', approved: 'teal', rejected: 'gray' } as const;
type StatusFilter = PromotionRequest['status'] | 'all';

/**
 * Promotion requests with their decisions. A super admin decides those another staff member
 * raised; everyone else reads them (the server refuses any other decision).
 */
export function PromotionRequestsTable({ initialStatus = 'pending' }: { initialStatus?: StatusFilter }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const me = useSessionUser();
  const [status, setStatus] = useState<StatusFilter>(initialStatus);
  const [page, setPage] = useState(1);
  const [action, setAction] = useState<ReasonAction | null>(null);
  const list = useQuery({
    ...trpc.staffUsers.promotionRequests.queryOptions({ status: status === 'all' ? undefined : status, page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const options = { onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.staffUsers.pathKey() }) };
  const approve = useMutation(trpc.staffUsers.approvePromotion.mutationOptions(options));
  const reject = useMutation(trpc.staffUsers.rejectPromotion.mutationOptions(options));

  const decide = (item: PromotionRequest, approving: boolean): ReasonAction => ({
    title: `${approving ? 'Approve' : 'Reject'} the promotion of ${item.user.name} to ${PLATFORM_ROLE_LABELS[item.requestedRole]}?`,
    body: approving
      ? `${item.user.name} becomes ${PLATFORM_ROLE_LABELS[item.requestedRole].toLowerCase()} and is signed out everywhere; their next sign-in asks for two-step verification.`
      : `${item.user.name} keeps the ${PLATFORM_ROLE_LABELS[item.user.role].toLowerCase()} role.`,
    confirmLabel: approving ? 'Approve promotion' : 'Reject promotion',
    danger: !approving,
    run: (reason) => (approving ? approve : reject).mutateAsync({ id: item.id, reason }),
    done: { title: approving ? 'Promotion approved' : 'Promotion rejected', description: `${item.user.name}: ${PLATFORM_ROLE_LABELS[item.requestedRole]}` },
  });

  return (
    <Stack gap="md">
      <Select
        label="Status"
        maw={240}
        data={[
          { value: 'pending', label: 'Pending' },
          { value: 'approved', label: 'Approved' },
          { value: 'rejected', label: 'Rejected' },
          { value: 'all', label: 'All' },
        ]}
        value={status}
        allowDeselect={false}
        onChange={(value) => {
          setStatus((value as StatusFilter | null) ?? 'pending');
          setPage(1);
        }}
      />
      {list.isPending ? (
        <Skeleton height={160} aria-busy="true" aria-label="Loading promotion requests" />
      ) : list.error ? (
        <QueryErrorAlert title="The promotion requests could not be loaded" error={list.error} retrying={list.isFetching} onRetry={() => void list.refetch()} />
      ) : (
        <>
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="promotion-count">
            {rangeLabel(list.data.total, page, PAGE_SIZE, ['request', 'requests'])}
          </Text>
          {list.data.items.length > 0 ? (
            <Table.ScrollContainer minWidth={860}>
              <Table striped aria-label="Promotion requests" data-testid="promotions-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">User</Table.Th>
                    <Table.Th scope="col">Promotion</Table.Th>
                    <Table.Th scope="col">Reason</Table.Th>
                    <Table.Th scope="col">Requested</Table.Th>
                    <Table.Th scope="col">Status</Table.Th>
                    <Table.Th scope="col">
                      <VisuallyHidden>Decision</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.data.items.map((item) => {
                    const mayDecide = me.role === 'super_admin' && item.status === 'pending' && item.requestedBy?.id !== me.id && item.user.id !== me.id;
                    return (
                      <Table.Tr key={item.id} data-testid="promotion-row" data-username={item.user.username}>
                        <Table.Td>
                          <Text size="sm" fw={600}>
                            {item.user.name}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {item.user.username} · {item.user.email}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          {PLATFORM_ROLE_LABELS[item.user.role]} → {PLATFORM_ROLE_LABELS[item.requestedRole]}
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{item.reason}</Text>
                          {item.decisionReason ? (
                            <Text size="xs" c="dimmed">
                              Decision: {item.decisionReason}
                            </Text>
                          ) : null}
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{item.requestedBy?.name ?? 'A former staff member'}</Text>
                          <Text size="xs" c="dimmed">
                            {formatDateTime(item.createdAt)}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          <Badge color={STATUS_COLORS[item.status]} variant="light" data-testid="promotion-status">
                            {item.status}
                          </Badge>
                          {item.decidedBy ? (
                            <Text size="xs" c="dimmed">
                              by {item.decidedBy.name}
                              {item.decidedAt ? `, ${formatDateTime(item.decidedAt)}` : ''}
                            </Text>
                          ) : null}
                        </Table.Td>
                        <Table.Td>
                          {mayDecide ? (
                            <Group gap="xs" wrap="nowrap">
                              <Button size="xs" onClick={() => setAction(decide(item, true))} aria-label={`Approve the promotion of ${item.user.name}`}>
                                Approve
                              </Button>
                              <Button size="xs" color="red" variant="light" onClick={() => setAction(decide(item, false))} aria-label={`Reject the promotion of ${item.user.name}`}>
                                Reject
                              </Button>
                            </Group>
                          ) : item.status === 'pending' ? (
                            <Text size="xs" c="dimmed">
                              {item.requestedBy?.id === me.id ? 'Another super admin decides' : 'A super admin decides'}
                            </Text>
                          ) : null}
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ) : null}
          <Pager label="Pages of promotion requests" pages={pageCount(list.data.total, PAGE_SIZE)} page={page} onChange={setPage} />
        </>
      )}
      <ReasonDialog action={action} reasonProblem={reasonProblem} onClose={() => setAction(null)} />
    </Stack>
  );
}
