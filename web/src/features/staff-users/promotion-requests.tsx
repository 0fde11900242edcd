import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CellLines, ListFilter, useListState } from '../../components/list-kit';
import type { Column } from '../../components/list-kit';
import { formatDateTime } from '../../lib/date-format';
import { useTRPC } from '../../lib/trpc';
import { useSessionUser } from '../auth';
import { ReasonDialog, StaffPagedTable, type ReasonAction } from '../officers';
import { PLATFORM_ROLE_LABELS, reasonProblem } from './staff-users-format';
import type { PromotionRequest } from './staff-users-types';
import { useStaffUsersChange } from './staff-users-change';

const PAGE_SIZE = 20;
const STATUS_COLORS = { pending: 'yellow', approved: 'teal', rejected: 'gray' } as const;
type StatusFilter = PromotionRequest['status'] | 'all';

/**
 * Promotion requests with their decisions. A super admin decides those another staff member
 * raised; everyone else reads them (the server refuses any other decision).
 */
export function PromotionRequestsTable({ initialStatus = 'pending' }: { initialStatus?: StatusFilter }) {
  const trpc = useTRPC();
  const me = useSessionUser();
  const list = useListState<{ status: StatusFilter }>({ status: initialStatus });
  const [action, setAction] = useState<ReasonAction | null>(null);
  const status = list.filters.status;
  const requests = useQuery({
    ...trpc.staffUsers.promotionRequests.queryOptions({ status: status === 'all' ? undefined : status, page: list.page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const options = useStaffUsersChange();
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

  const mayDecide = (item: PromotionRequest) => me.role === 'super_admin' && item.status === 'pending' && item.requestedBy?.id !== me.id && item.user.id !== me.id;
  const columns: Column<PromotionRequest>[] = [
    { header: 'User', cell: (item) => <CellLines strong detail={`${item.user.username} · ${item.user.email}`}>{item.user.name}</CellLines> },
    { header: 'Promotion', cell: (item) => `${PLATFORM_ROLE_LABELS[item.user.role]} → ${PLATFORM_ROLE_LABELS[item.requestedRole]}` },
    { header: 'Reason', cell: (item) => <CellLines detail={item.decisionReason ? `Decision: ${item.decisionReason}` : null}>{item.reason}</CellLines> },
    { header: 'Requested', cell: (item) => <CellLines detail={formatDateTime(item.createdAt)}>{item.requestedBy?.name ?? 'A former staff member'}</CellLines> },
    {
      header: 'Status',
      cell: (item) => (
        <>
          <Badge color={STATUS_COLORS[item.status]} variant="light" data-testid="promotion-status">
            {item.status}
          </Badge>
          {item.decidedBy ? (
            <Text size="xs" c="dimmed">
              by {item.decidedBy.name}
              {item.decidedAt ? `, ${formatDateTime(item.decidedAt)}` : ''}
            </Text>
          ) : null}
        </>
      ),
    },
    {
      header: 'Decision',
      hideHeader: true,
      cell: (item) =>
        mayDecide(item) ? (
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
        ) : null,
    },
  ];

  return (
    <Stack gap="md">
      <ListFilter
        state={list}
        name="status"
        label="Status"
        maw={240}
        data={[
          { value: 'pending', label: 'Pending' },
          { value: 'approved', label: 'Approved' },
          { value: 'rejected', label: 'Rejected' },
          { value: 'all', label: 'All' },
        ]}
      />
      <StaffPagedTable
        query={requests}
        skeletonHeight={160}
        state={list}
        pageSize={PAGE_SIZE}
        noun={['request', 'requests']}
        what="promotion requests"
        pagerLabel="Pages of promotion requests"
        rangeTestId="promotion-count"
        columns={columns}
        rowKey={(item) => item.id}
        rowProps={(item) => ({ 'data-testid': 'promotion-row', 'data-username': item.user.username })}
        label="Promotion requests"
        minWidth={860}
        testId="promotions-table"
      />
      <ReasonDialog action={action} reasonProblem={reasonProblem} onClose={() => setAction(null)} />
    </Stack>
  );
}
