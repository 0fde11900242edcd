import { Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable, QueryView, type DataTableProps } from '../../components/list-kit';
import { formatDateTime } from '../../lib/date-format';
import { useTRPC } from '../../lib/trpc';
import { DecisionButtons, decisionReasonProblem, ReasonDialog, withNote, type ReasonAction } from '../officers';
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
    <ApprovalSection
      id="credit-requests"
      title="Credits awaiting approval"
      query={query}
      requests={requests}
      empty="No credit awaits approval."
      decision={decision}
      onDecisionClose={() => setDecision(null)}
      rowKey={(request) => request.id}
      columns={[
        { header: 'Asked by', cell: (request) => `${request.requesterName ?? 'A former administrator'}, ${formatDateTime(request.createdAt)}` },
        { header: 'Amount', align: 'right', cell: (request) => euros(request.amountCents) },
        { header: 'Description', cell: (request) => request.description },
        { header: 'Why approval', cell: (request) => request.limitReason },
        {
          header: 'Actions',
          hideHeader: true,
          cell: (request) => (
            <DecisionButtons
              anotherDecides={request.requestedBy === currentUserId}
              onDecide={setDecision}
              approve={{
                title: `Grant ${euros(request.amountCents)} to ${organization.name}?`,
                body: `${request.requesterName ?? 'An administrator'} asked for this credit: ${request.description}`,
                confirmLabel: 'Approve and grant',
                run: (note) => approve.mutateAsync(withNote(request.id, note)).then(decided),
                done: { title: 'Credit granted', description: `${euros(request.amountCents)} for ${organization.name}.` },
              }}
              refuse={{
                title: `Refuse ${euros(request.amountCents)} for ${organization.name}?`,
                body: 'The requester reads your reason. Nothing is granted.',
                run: (reason) => reject.mutateAsync({ id: request.id, reason }).then(decided),
                done: 'Credit refused',
              }}
              refuseLabel="Reject"
            />
          ),
        },
      ]}
    />
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
  const invoiceOf = (request: (typeof requests)[number]) => request.invoiceNumber ?? request.invoiceId;
  return (
    <ApprovalSection
      id="credit-note-requests"
      title="Credit notes awaiting approval"
      query={query}
      requests={requests}
      empty="No credit note awaits approval."
      decision={decision}
      onDecisionClose={() => setDecision(null)}
      rowKey={(request) => request.id}
      rowProps={() => ({ 'data-testid': 'credit-note-request' })}
      columns={[
        { header: 'Invoice', cell: invoiceOf },
        { header: 'Asked by', cell: (request) => `${request.requesterName ?? 'A former administrator'}, ${formatDateTime(request.createdAt)}` },
        { header: 'Amount', align: 'right', cell: (request) => euros(request.amountCents) },
        { header: 'Reason', cell: (request) => request.reason },
        {
          header: 'Actions',
          hideHeader: true,
          cell: (request) => {
            const invoice = invoiceOf(request);
            return (
              <DecisionButtons
                anotherDecides={request.requestedBy === currentUserId}
                onDecide={setDecision}
                approve={{
                  title: request.status === 'approved' ? `Finish the credit note for ${invoice}?` : `Issue the credit note for ${invoice}?`,
                  body:
                    request.status === 'approved'
                      ? 'It was approved, but the credit note was not issued: issuing it now completes the approval, once.'
                      : `${request.requesterName ?? 'An administrator'} asked to cancel ${invoice} (${euros(request.amountCents)}) in full: ${request.reason}`,
                  confirmLabel: 'Approve and issue',
                  run: (note) => approve.mutateAsync(withNote(request.id, note)).then(decided),
                  done: { title: 'Credit note issued', description: `${invoice} is corrected.` },
                }}
                refuse={
                  request.status === 'pending'
                    ? {
                        title: `Refuse the credit note for ${invoice}?`,
                        body: 'The requester reads your reason. The invoice stays as it is.',
                        run: (reason) => reject.mutateAsync({ id: request.id, reason }).then(decided),
                        done: 'Credit note refused',
                      }
                    : undefined
                }
                refuseLabel="Reject"
              />
            );
          },
        },
      ]}
    />
  );
}

interface ApprovalSectionProps<T> extends Pick<DataTableProps<T>, 'columns' | 'rowKey' | 'rowProps'> {
  /** The section's id; its title's is `${id}-title`, its test id the id itself. */
  id: string;
  title: string;
  query: UseQueryResult<unknown, { message: string }>;
  /** The requests of this organisation awaiting a decision. */
  requests: readonly T[];
  empty: string;
  decision: ReasonAction | null;
  onDecisionClose: () => void;
}

/** Requests awaiting a second administrator: a titled section with their table, or why there is none, and the decision dialog. */
function ApprovalSection<T>({ id, title, query, requests, empty, decision, onDecisionClose, ...table }: ApprovalSectionProps<T>) {
  return (
    <Stack gap="xs" component="section" aria-labelledby={`${id}-title`} data-testid={id}>
      <Title order={3} size="h4" id={`${id}-title`}>
        {title}
      </Title>
      <QueryView
        query={query}
        loading={<Skeleton height={40} />}
        errorTitle={`${title} could not be loaded`}
        isEmpty={() => requests.length === 0}
        empty={
          <Text size="sm" c="dimmed">
            {empty}
          </Text>
        }
      >
        {() => <DataTable rows={requests} label={title} minWidth={640} striped {...table} />}
      </QueryView>
      <ReasonDialog action={decision} reasonProblem={decisionReasonProblem} onClose={onDecisionClose} />
    </Stack>
  );
}
