import { Badge, Button, Group, NumberInput, Stack, Text, TextInput, Title } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { ErrorAlert } from '../../components/error-alert';
import { DataTable } from '../../components/list-kit';
import { CancelSubmitRow } from '../../components/form-fields';
import { formatDate } from '../../lib/date-format';
import { fieldRule } from '../../lib/field-rule';
import { useTRPC } from '../../lib/trpc';
import { useSchemaForm } from '../../lib/use-schema-form';
import {
  euros,
  localDay,
  OVERDUE_COLOR,
  receivedOnProblem,
  transferReferenceProblem,
} from './staff-format';
import type { AwaitingTransfer, OrganizationDetail } from './staff-organizations-types';
import { Modal } from '../../components/overlays';

// Transfers

/** What staff read of a day: the day as the server stores it (UTC). */
const utcDay = (at: number) => new Date(at).toISOString().slice(0, 10);

/** The bank's reference and the day received (empty: today), not after today nor before `earliest`. */
function transferSchema(today: string, earliest: string) {
  return z.object({
    reference: fieldRule(transferReferenceProblem),
    receivedOn: fieldRule((day: string) => receivedOnProblem(day, today, earliest)),
  });
}

/** Bank transfers of delivered orders not yet seen on our account, with the action that records one. */
export function AwaitingTransfers({ organization, admin, onRecorded }: { organization: OrganizationDetail; admin: boolean; onRecorded: () => Promise<void> }) {
  const [recording, setRecording] = useState<AwaitingTransfer | null>(null);
  const transfers = organization.awaitingTransfers;
  return (
    <Stack gap="xs" component="section" aria-labelledby="awaiting-transfers-title" data-testid="awaiting-transfers">
      <Title order={3} size="h4" id="awaiting-transfers-title">
        Bank transfers awaited
      </Title>
      <Text size="sm" c="dimmed">
        Orders confirmed for payment by bank transfer whose money has not been recorded yet. {admin ? 'Record each transfer once it shows on our bank statement.' : 'Administrators record each transfer once it shows on our bank statement.'}
      </Text>
      {transfers.length === 0 ? (
        <Text size="sm" c="dimmed">
          No bank transfer awaited.
        </Text>
      ) : (
        <DataTable
          rows={transfers}
          rowKey={(transfer) => transfer.paymentId}
          rowProps={(transfer) => ({ 'data-testid': 'awaiting-transfer-row', 'data-payment-id': transfer.paymentId })}
          label="Bank transfers awaited"
          minWidth={640}
          striped
          columns={[
            {
              header: 'Order',
              cell: (transfer) => (
                <>
                  <Text size="sm">{transfer.orderSummary || transfer.orderId}</Text>
                  <Text size="xs" c="dimmed">
                    {transfer.orderId}
                  </Text>
                </>
              ),
            },
            { header: 'Amount', align: 'right', cell: (transfer) => euros(transfer.amountCents) },
            { header: 'Confirmed', cell: (transfer) => formatDate(transfer.confirmedAt) },
            {
              header: 'Due',
              cell: (transfer) => (
                <Group gap={6} wrap="nowrap">
                  <Text size="sm">{transfer.dueAt === null ? '—' : formatDate(transfer.dueAt)}</Text>
                  {transfer.overdue ? (
                    <Badge variant="filled" color={OVERDUE_COLOR} tt="none" data-testid="transfer-overdue">
                      Overdue
                    </Badge>
                  ) : null}
                </Group>
              ),
            },
            admin && {
              header: 'Action',
              hideHeader: true,
              cell: (transfer) => (
                <Button size="xs" variant="light" onClick={() => setRecording(transfer)} aria-label={`Record transfer received for order ${transfer.orderId}`}>
                  Record transfer received
                </Button>
              ),
            },
          ]}
        />
      )}
      <Modal opened={recording !== null} onClose={() => setRecording(null)} title="Record transfer received" centered closeButtonProps={{ 'aria-label': 'Close' }}>
        {recording ? <RecordTransferForm key={recording.paymentId} organization={organization} transfer={recording} onClose={() => setRecording(null)} onRecorded={onRecorded} /> : null}
      </Modal>
    </Stack>
  );
}

function RecordTransferForm({
  organization,
  transfer,
  onClose,
  onRecorded,
}: {
  organization: OrganizationDetail;
  transfer: AwaitingTransfer;
  onClose: () => void;
  onRecorded: () => Promise<void>;
}) {
  const trpc = useTRPC();
  const record = useMutation(trpc.staffOrganizations.recordBankTransfer.mutationOptions());
  // The day the form opened: the form lives minutes, not past midnight.
  const [today] = useState(() => localDay(Date.now()));
  const { form, formRef, onSubmit, submitting, error } = useSchemaForm({
    schema: transferSchema(today, utcDay(transfer.confirmedAt)),
    initialValues: { reference: '', receivedOn: '' },
    validateInputOnBlur: true,
    submit: ({ reference, receivedOn }) =>
      record.mutateAsync({ organizationId: organization.id, paymentId: transfer.paymentId, reference: reference.trim(), ...(receivedOn ? { receivedOn } : {}) }),
    success: (recorded) => ({
      title: 'Transfer recorded',
      description: `${euros(recorded.amountCents)} received for order ${recorded.orderId}. ${organization.name} now owes ${euros(recorded.outstandingCents)}.`,
      variant: 'success',
    }),
    onSuccess: () => {
      onClose();
      void onRecorded();
    },
  });

  return (
    <form ref={formRef} noValidate data-testid="transfer-dialog" onSubmit={onSubmit}>
      <Stack gap="md">
        <Text size="sm">
          {euros(transfer.amountCents)} for order {transfer.orderId} ({transfer.orderSummary || 'order'}){transfer.dueAt === null ? '' : `, due ${formatDate(transfer.dueAt)}`}. The payment becomes paid, what{' '}
          {organization.name} owes drops by this amount, and its billing members are notified and emailed.
        </Text>
        <ErrorAlert>{error}</ErrorAlert>
        <TransferReceivedFields form={form} today={today} pending={submitting} onCancel={onClose} autoFocus />
      </Stack>
    </form>
  );
}

/** A transfer against one invoice, by its RF reference: the amount as received (partial, exact or more). */
export function InvoiceTransferForm({
  organization,
  invoice,
  onClose,
  onRecorded,
}: {
  organization: OrganizationDetail;
  invoice: OrganizationDetail['invoiceList'][number];
  onClose: () => void;
  onRecorded: () => Promise<void>;
}) {
  const trpc = useTRPC();
  const due = Math.max(0, invoice.totalCents - invoice.receivedCents);
  const record = useMutation(trpc.staffOrganizations.recordInvoiceTransfer.mutationOptions());
  const [today] = useState(() => localDay(Date.now()));
  const centsOf = (amount: string | number) => Math.round(Number(amount) * 100);
  const { form, formRef, onSubmit, submitting, error } = useSchemaForm({
    schema: transferSchema(today, utcDay(invoice.issuedAt)).extend({
      amount: fieldRule((amount: string | number) => (!Number.isFinite(centsOf(amount)) || centsOf(amount) < 1 ? 'Enter the amount received, at least €0.01.' : null)),
    }),
    initialValues: { amount: (due / 100) as string | number, reference: '', receivedOn: '' },
    validateInputOnBlur: true,
    submit: ({ amount, reference, receivedOn }) =>
      record.mutateAsync({ reference: invoice.paymentReference!, amountCents: centsOf(amount), bankReference: reference.trim(), ...(receivedOn ? { receivedOn } : {}) }),
    success: (recorded) => ({
      title: 'Transfer recorded',
      description:
        recorded.dueCents > 0
          ? `${recorded.number}: ${euros(recorded.receivedCents)} received, ${euros(recorded.dueCents)} still due.`
          : recorded.excessCents > 0
            ? `${recorded.number} is paid; ${euros(recorded.excessCents)} beyond it became a credit for ${organization.name}.`
            : `${recorded.number} is paid in full.`,
      variant: 'success',
    }),
    onSuccess: () => {
      onClose();
      void onRecorded();
    },
  });
  return (
    <form ref={formRef} noValidate data-testid="invoice-transfer-dialog" onSubmit={onSubmit}>
      <Stack gap="md">
        <Text size="sm">
          Invoice {invoice.number}, reference <Text span ff="monospace">{invoice.paymentReference}</Text>: {euros(invoice.totalCents)}, of which {euros(invoice.receivedCents)} received. Record the amount that
          arrived: less than due leaves the rest due, more becomes a credit for {organization.name}.
        </Text>
        <ErrorAlert>{error}</ErrorAlert>
        <NumberInput label="Amount received (EUR)" min={0.01} decimalScale={2} key={form.key('amount')} {...form.getInputProps('amount')} required data-autofocus />
        <TransferReceivedFields form={form} today={today} pending={submitting} onCancel={onClose} submitTestId="invoice-transfer-submit" />
      </Stack>
    </form>
  );
}

// Transfer fields

type TransferField = 'reference' | 'receivedOn';

/** The bank's reference and the day received, then Cancel and Record: both transfer forms end so. */
function TransferReceivedFields({
  form,
  today,
  pending,
  onCancel,
  autoFocus = false,
  submitTestId,
}: {
  form: { key: (path: TransferField) => string; getInputProps: (path: TransferField) => GetInputPropsReturnType };
  today: string;
  pending: boolean;
  onCancel: () => void;
  autoFocus?: boolean;
  submitTestId?: string;
}) {
  return (
    <>
      <TextInput
        label="Bank reference"
        description="The transfer's reference, as on our bank statement."
        key={form.key('reference')}
        {...form.getInputProps('reference')}
        required
        data-autofocus={autoFocus || undefined}
      />
      <TextInput
        label="Date received"
        description="The day the money arrived on our account. Leave empty for today."
        type="date"
        max={today}
        key={form.key('receivedOn')}
        {...form.getInputProps('receivedOn')}
      />
      <CancelSubmitRow onCancel={onCancel} holdCancel submitting={pending} testId={submitTestId}>
        Record transfer
      </CancelSubmitRow>
    </>
  );
}
