import { Button, Group, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryErrorAlert } from '../../components/query-error-alert';
import { formatDateTime } from '../../lib/date-format';
import { useTRPC } from '../../lib/trpc';
import { ReasonDialog, type ReasonAction } from '../officers';
import {
  euros,
} from './staff-format';
import type { OrganizationDetail } from './staff-organizations-types';

// Approvals

/**
 * Credits for this organisation waiting for a second administrator (issue 29): each with who
 * asked, how much, why it needs approval, and Approve / Reject. The requester sees theirs without
 * the buttons: another administrator decides.
 */
export function CreditRequests({ organization, currentUserId, onDecided }: { organization: OrganizationDetail; currentUserId: string | null; onDecided: () => Promise<void> }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const query = useQuery(trpc.billing.creditRequests.queryOptions({ status: 'pending' }));
  const [decision, setDecision] = useState<ReasonAction | null>(null);
  const approve = useMutation(trpc.billing.approveCreditRequest.mutationOptions());
  const reject = useMutation(trpc.billing.rejectCreditRequest.mutationOptions());
  const requests = (query.data ?? []).filter((request) => request.organizationId === organization.id);
  const decided = async () => {
    await queryClient.invalidateQueries({ queryKey: trpc.billing.creditRequests.pathKey() });
    await onDecided();
  };
  return (
    <Stack gap="xs" component="section" aria-labelledby="credit-requests-title" data-testid="credit-requests">
      <Title order={3} size="h4" id="credit-requests-title">
        Credits awaiting approval
      </Title>
      {query.error ? (
        <QueryErrorAlert title="Credits awaiting approval could not be loaded" error={query.error} retrying={query.isFetching} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <Skeleton height={40} />
      ) : requests.length === 0 ? (
        <Text size="sm" c="dimmed">
          No credit awaits approval.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-label="Credits awaiting approval">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Asked by</Table.Th>
                <Table.Th scope="col" ta="right">
                  Amount
                </Table.Th>
                <Table.Th scope="col">Description</Table.Th>
                <Table.Th scope="col">Why approval</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {requests.map((request) => (
                <Table.Tr key={request.id}>
                  <Table.Td>
                    {request.requesterName ?? 'A former administrator'}, {formatDateTime(request.createdAt)}
                  </Table.Td>
                  <Table.Td ta="right">{euros(request.amountCents)}</Table.Td>
                  <Table.Td>{request.description}</Table.Td>
                  <Table.Td>{request.limitReason}</Table.Td>
                  <Table.Td>
                    {request.requestedBy === currentUserId ? (
                      <Text size="sm" c="dimmed">
                        Another administrator decides
                      </Text>
                    ) : (
                      <Group gap="xs" wrap="nowrap">
                        <Button
                          size="xs"
                          onClick={() =>
                            setDecision({
                              title: `Grant ${euros(request.amountCents)} to ${organization.name}?`,
                              body: `${request.requesterName ?? 'An administrator'} asked for this credit: ${request.description}`,
                              confirmLabel: 'Approve and grant',
                              reasonRequired: false,
                              reasonLabel: 'Note (optional)',
                              run: (reason) => approve.mutateAsync(reason ? { id: request.id, reason } : { id: request.id }).then(decided),
                              done: { title: 'Credit granted', description: `${euros(request.amountCents)} for ${organization.name}.` },
                            })
                          }
                        >
                          Approve
                        </Button>
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          onClick={() =>
                            setDecision({
                              title: `Refuse ${euros(request.amountCents)} for ${organization.name}?`,
                              body: 'The requester reads your reason. Nothing is granted.',
                              confirmLabel: 'Refuse',
                              danger: true,
                              reasonRequired: true,
                              run: (reason) => reject.mutateAsync({ id: request.id, reason }).then(decided),
                              done: 'Credit refused',
                            })
                          }
                        >
                          Reject
                        </Button>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ReasonDialog action={decision} reasonProblem={(reason, required) => (required && reason.trim().length < 3 ? 'Give a reason of at least 3 characters.' : null)} onClose={() => setDecision(null)} />
    </Stack>
  );
}

/** Credit notes of this organisation's invoices waiting for a second administrator: approve (it is issued) or refuse. */
export function CreditNoteRequests({ organization, currentUserId, onDecided }: { organization: OrganizationDetail; currentUserId: string | null; onDecided: () => Promise<void> }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const query = useQuery(trpc.invoices.creditNoteRequests.queryOptions());
  const [decision, setDecision] = useState<ReasonAction | null>(null);
  const approve = useMutation(trpc.invoices.approveCreditNote.mutationOptions());
  const reject = useMutation(trpc.invoices.rejectCreditNote.mutationOptions());
  // Pending ones, and approved ones whose note was never recorded (an approval stopped half-way: approving again finishes it).
  const requests = (query.data ?? []).filter((request) => request.organizationId === organization.id && (request.status === 'pending' || (request.status === 'approved' && request.creditNoteId === null)));
  const decided = async () => {
    await queryClient.invalidateQueries({ queryKey: trpc.invoices.creditNoteRequests.pathKey() });
    await onDecided();
  };
  return (
    <Stack gap="xs" component="section" aria-labelledby="credit-note-requests-title" data-testid="credit-note-requests">
      <Title order={3} size="h4" id="credit-note-requests-title">
        Credit notes awaiting approval
      </Title>
      {query.error ? (
        <QueryErrorAlert title="Credit notes awaiting approval could not be loaded" error={query.error} retrying={query.isFetching} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <Skeleton height={40} />
      ) : requests.length === 0 ? (
        <Text size="sm" c="dimmed">
          No credit note awaits approval.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-label="Credit notes awaiting approval">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Invoice</Table.Th>
                <Table.Th scope="col">Asked by</Table.Th>
                <Table.Th scope="col" ta="right">
                  Amount
                </Table.Th>
                <Table.Th scope="col">Reason</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {requests.map((request) => {
                const invoice = request.invoiceNumber ?? request.invoiceId;
                return (
                  <Table.Tr key={request.id} data-testid="credit-note-request">
                    <Table.Td>{invoice}</Table.Td>
                    <Table.Td>
                      {request.requesterName ?? 'A former administrator'}, {formatDateTime(request.createdAt)}
                    </Table.Td>
                    <Table.Td ta="right">{euros(request.amountCents)}</Table.Td>
                    <Table.Td>{request.reason}</Table.Td>
                    <Table.Td>
                      {request.requestedBy === currentUserId ? (
                        <Text size="sm" c="dimmed">
                          Another administrator decides
                        </Text>
                      ) : (
                        <Group gap="xs" wrap="nowrap">
                          <Button
                            size="xs"
                            onClick={() =>
                              setDecision({
                                title: request.status === 'approved' ? `Finish the credit note for ${invoice}?` : `Issue the credit note for ${invoice}?`,
                                body:
                                  request.status === 'approved'
                                    ? 'It was approved, but the credit note was not issued: issuing it now completes the approval, once.'
                                    : `${request.requesterName ?? 'An administrator'} asked to cancel ${invoice} (${euros(request.amountCents)}) in full: ${request.reason}`,
                                confirmLabel: 'Approve and issue',
                                reasonRequired: false,
                                reasonLabel: 'Note (optional)',
                                run: (reason) => approve.mutateAsync(reason ? { id: request.id, reason } : { id: request.id }).then(decided),
                                done: { title: 'Credit note issued', description: `${invoice} is corrected.` },
                              })
                            }
                          >
                            Approve
                          </Button>
                          {request.status === 'pending' ? (
                            <Button
                              size="xs"
                              variant="light"
                              color="red"
                              onClick={() =>
                                setDecision({
                                  title: `Refuse the credit note for ${invoice}?`,
                                  body: 'The requester reads your reason. The invoice stays as it is.',
                                  confirmLabel: 'Refuse',
                                  danger: true,
                                  reasonRequired: true,
                                  run: (reason) => reject.mutateAsync({ id: request.id, reason }).then(decided),
                                  done: 'Credit note refused',
                                })
                              }
                            >
                              Reject
                            </Button>
                          ) : null}
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ReasonDialog action={decision} reasonProblem={(reason, required) => (required && reason.trim().length < 3 ? 'Give a reason of at least 3 characters.' : null)} onClose={() => setDecision(null)} />
    </Stack>
  );
}
