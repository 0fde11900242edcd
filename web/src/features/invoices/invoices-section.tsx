import { printedReference } from '@kubemarket/shared';
import { Anchor, Badge, Button, Group, Select, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconFileTypeCsv, IconFileTypePdf } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable, Pager, pageCount, QueryView, useListState, type Column } from '../../components/list-kit';
import { SectionCard } from '../../components/section-card';
import { TableSkeleton } from '../../components/table-skeleton';
import { formatDate } from '../../lib/date-format';
import { useTRPC } from '../../lib/trpc';
import { euros } from '../checkout';
import {
  INVOICE_STATUS_BADGES,
  INVOICE_STATUS_FILTERS,
  invoiceDownloadUrl,
  invoiceYears,
  periodText,
  quantityText,
  type InvoiceDetail,
  type InvoiceStatus,
  type InvoiceSummary,
} from './invoice-format';
import { Modal } from '../../components/overlays';

const PAGE_SIZE = 10;

/** The files an invoice is downloaded as. */
const DOWNLOADS = [
  { format: 'pdf', label: 'PDF', Icon: IconFileTypePdf },
  { format: 'csv', label: 'CSV', Icon: IconFileTypeCsv },
] as const;

/** A download's icon and format, in its link and in the loading row's sample. */
function DownloadLabel({ download: { label, Icon } }: { download: (typeof DOWNLOADS)[number] }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Icon size={16} aria-hidden />
      {label}
    </Group>
  );
}

function StatusBadge({ status }: { status: InvoiceStatus }) {
  const badge = INVOICE_STATUS_BADGES[status];
  return (
    <Badge size="sm" variant="light" color={badge.color} data-testid="invoice-status" data-status={status}>
      {badge.label}
    </Badge>
  );
}

/** The columns after the number (which opens the invoice's dialog). */
const INVOICE_COLUMNS: Column<InvoiceSummary>[] = [
  { header: 'Period', cell: (invoice) => periodText(invoice.periodStart, invoice.periodEnd) },
  { header: 'Issued', cell: (invoice) => formatDate(invoice.issuedAt) },
  { header: 'Total', cell: (invoice) => euros(invoice.totalCents), cellProps: (invoice) => ({ 'data-testid': 'invoice-total', 'data-cents': invoice.totalCents }) },
  { header: 'Status', cell: (invoice) => <StatusBadge status={invoice.status} /> },
  { header: 'Download', cell: (invoice) => <Downloads invoice={invoice} /> },
];
const INVOICES_MIN_WIDTH = 720;
/** A typical invoice under the loading row's skeletons (no links: it is not focusable). */
const INVOICE_SAMPLE = [
  'KM-2026-000001',
  '1 October 2026 – 31 October 2026',
  '1 November 2026',
  '€38.99',
  <Badge key="status" size="sm" variant="light">
    Paid
  </Badge>,
  <Group key="downloads" gap="sm" wrap="nowrap">
    {DOWNLOADS.map((download) => (
      <DownloadLabel key={download.format} download={download} />
    ))}
  </Group>,
];

function Downloads({ invoice }: { invoice: InvoiceSummary }) {
  return (
    <Group gap="sm" wrap="nowrap">
      {DOWNLOADS.map((download) => (
        <Anchor
          key={download.format}
          href={invoiceDownloadUrl(invoice.id, download.format)}
          download={`${invoice.number}.${download.format}`}
          size="sm"
          data-testid={`invoice-${download.format}`}
          aria-label={`Download ${invoice.number} as ${download.label}`}
        >
          <DownloadLabel download={download} />
        </Anchor>
      ))}
    </Group>
  );
}

/**
 * The organisation's invoices and credit notes (issue 13): filters by status and year, pages from
 * the server, each downloadable, and its lines in a dialog. Rendered by the /billing page.
 */
export function InvoicesSection() {
  const trpc = useTRPC();
  // '' is every status, every year; the page goes back to the first when either changes.
  const list = useListState({ status: '', year: '' });
  const { page, setPage } = list;
  const status = (list.filters.status || null) as InvoiceStatus | null;
  const year = list.filters.year ? Number(list.filters.year) : null;
  const [openId, setOpenId] = useState<string | null>(null);
  const [years] = useState(() => invoiceYears(Date.now()).map((value) => ({ value: String(value), label: String(value) })));
  const query = useQuery({
    ...trpc.invoices.list.queryOptions({ page, pageSize: PAGE_SIZE, ...(status ? { status } : {}), ...(year ? { year } : {}) }),
    placeholderData: keepPreviousData,
  });
  const filtered = status !== null || year !== null;
  const invoiceColumns: Column<InvoiceSummary>[] = [
    {
      header: 'Number',
      rowHeader: true,
      cell: (invoice) => (
        <>
          <Anchor component="button" type="button" size="sm" onClick={() => setOpenId(invoice.id)} data-testid="invoice-open">
            {invoice.number}
          </Anchor>
          {invoice.kind === 'credit_note' ? (
            <Badge size="xs" variant="outline" color="gray" ml={6}>
              Credit note
            </Badge>
          ) : invoice.orderId ? (
            <Badge size="xs" variant="outline" color="blue" ml={6}>
              Order
            </Badge>
          ) : null}
        </>
      ),
    },
    ...INVOICE_COLUMNS,
  ];

  return (
    <SectionCard
      id="invoices"
      title="Invoices"
      description="Issued on the 1st for the previous month and charged to your default payment method. Invoices never change once issued: corrections come as credit notes."
    >
      <Group gap="sm" align="flex-end">
        <Select
          label="Status"
          placeholder="Any status"
          clearable
          data={INVOICE_STATUS_FILTERS}
          value={status}
          onChange={(value) => list.setFilter('status', value ?? '')}
          w={180}
          data-testid="invoices-status-filter"
        />
        <Select
          label="Year"
          placeholder="Any year"
          clearable
          data={years}
          value={list.filters.year || null}
          onChange={(value) => list.setFilter('year', value ?? '')}
          w={140}
          data-testid="invoices-year-filter"
        />
      </Group>
      <QueryView
        query={query}
        loading={<TableSkeleton columns={['Number', ...INVOICE_COLUMNS.map((column) => column.header)]} caption="1 invoice, newest first" minWidth={INVOICES_MIN_WIDTH} sample={INVOICE_SAMPLE} />}
        errorTitle="Invoices could not be loaded"
        isEmpty={(data) => data.items.length === 0}
        empty={
          <Text size="sm" c="dimmed" data-testid="invoices-empty">
            {filtered ? 'No invoice matches these filters.' : 'No invoice yet: the first one is issued on the 1st of the month after your first use.'}
          </Text>
        }
      >
        {(data) => (
          <Stack gap="sm">
            <DataTable
              rows={data.items}
              columns={invoiceColumns}
              rowKey={(invoice) => invoice.id}
              rowProps={(invoice) => ({ 'data-testid': 'invoice-row', 'data-number': invoice.number, 'data-kind': invoice.kind === 'credit_note' ? 'credit_note' : invoice.orderId ? 'order' : 'monthly' })}
              caption={`${data.total} invoice${data.total === 1 ? '' : 's'}, newest first`}
              minWidth={INVOICES_MIN_WIDTH}
              verticalSpacing="xs"
              testId="invoices-table"
            />
            <Pager label="Pages of invoices" pages={pageCount(data.total, PAGE_SIZE)} page={page} onChange={setPage} testId="invoices-pagination" />
          </Stack>
        )}
      </QueryView>
      <Modal opened={openId !== null} onClose={() => setOpenId(null)} title="Invoice" size="xl" closeButtonProps={{ 'aria-label': 'Close' }}>
        {openId !== null ? <InvoiceDetailView id={openId} /> : null}
      </Modal>
    </SectionCard>
  );
}

function InvoiceDetailView({ id }: { id: string }) {
  const trpc = useTRPC();
  const query = useQuery(trpc.invoices.get.queryOptions({ id }));
  return (
    <QueryView query={query} loading={<Skeleton height={160} />} errorTitle="The invoice could not be loaded">
      {(invoice) => <InvoiceDetailBody invoice={invoice} />}
    </QueryView>
  );
}

const LINE_COLUMNS: Column<InvoiceDetail['lines'][number]>[] = [
  { header: 'Description', cell: (line) => line.description },
  { header: 'Quantity', align: 'right', cell: (line) => quantityText(line.quantityMilli) },
  { header: 'Amount', align: 'right', cell: (line) => euros(line.amountCents) },
];

function InvoiceDetailBody({ invoice }: { invoice: InvoiceDetail }) {
  const address = [invoice.billing.addressLine1, invoice.billing.addressLine2, `${invoice.billing.postalCode} ${invoice.billing.city}`.trim(), invoice.billing.countryCode].filter(Boolean).join(', ');
  const vatLabel = invoice.reverseCharge ? 'VAT reverse-charged (0%)' : `VAT ${invoice.vatRateBasisPoints / 100}%`;
  return (
    <Stack gap="md" data-testid="invoice-detail">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Text fw={600} size="lg" data-testid="invoice-detail-number">
            {invoice.kind === 'credit_note' ? 'Credit note' : 'Invoice'} {invoice.number}
          </Text>
          <Text size="sm">{periodText(invoice.periodStart, invoice.periodEnd)}</Text>
          <Text size="sm" c="dimmed">
            Issued {formatDate(invoice.issuedAt)}
            {invoice.paidAt ? ` · paid ${formatDate(invoice.paidAt)}` : ` · due ${formatDate(invoice.dueAt)}`}
          </Text>
        </Stack>
        <Stack gap={2} align="flex-end">
          <StatusBadge status={invoice.status} />
          <Text size="sm" fw={500} data-testid="invoice-detail-company">
            {invoice.billing.companyName}
          </Text>
          <Text size="xs" c="dimmed">
            {address}
          </Text>
          {invoice.billing.vatNumber ? <Text size="xs">VAT number {invoice.billing.vatNumber}</Text> : null}
        </Stack>
      </Group>
      {invoice.status === 'overdue' ? (
        <Text size="sm" c="red" data-testid="invoice-overdue-hint">
          This invoice is overdue. Pay it with a card, or by bank transfer with its reference, to clear the overdue mark on your organisation.
        </Text>
      ) : null}
      {invoice.kind === 'invoice' && invoice.status !== 'paid' && invoice.paymentReference ? (
        <Text size="sm" data-testid="invoice-transfer-reference">
          To pay by bank transfer, quote the reference <Text span ff="monospace" fw={600}>{printedReference(invoice.paymentReference)}</Text>
          {invoice.receivedCents > 0 ? ` · received so far ${euros(invoice.receivedCents)}, still due ${euros(invoice.totalCents - invoice.receivedCents)}` : ''}. The account is printed on the PDF.
        </Text>
      ) : null}
      <DataTable
        rows={invoice.lines}
        columns={LINE_COLUMNS}
        rowKey={(line) => String(line.position)}
        rowProps={(line) => ({ 'data-testid': 'invoice-line', 'data-kind': line.kind })}
        minWidth={640}
        verticalSpacing={4}
        testId="invoice-lines"
        footer={
          <>
            <Table.Tr>
              <Table.Th colSpan={2}>Taxable amount</Table.Th>
              <Table.Td ta="right">{euros(invoice.taxableCents)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th colSpan={2}>{vatLabel}</Table.Th>
              <Table.Td ta="right">{euros(invoice.taxCents)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th colSpan={2}>Total</Table.Th>
              <Table.Td ta="right" fw={700} data-testid="invoice-detail-total">
                {euros(invoice.totalCents)}
              </Table.Td>
            </Table.Tr>
          </>
        }
      />
      {invoice.reverseCharge ? (
        <Text size="xs" c="dimmed" data-testid="invoice-reverse-charge">
          Reverse charge: VAT is accounted for by the customer (Article 196, Council Directive 2006/112/EC).
          {invoice.vatCheck
            ? ` VAT number ${invoice.vatCheck.vatNumber} found valid by ${invoice.vatCheck.source === 'vies' ? 'VIES' : 'the built-in check'} on ${formatDate(invoice.vatCheck.checkedAt)}${invoice.vatCheck.consultationNumber ? ` (consultation ${invoice.vatCheck.consultationNumber})` : ''}.`
            : ''}
        </Text>
      ) : null}
      <Group>
        <Button component="a" href={invoiceDownloadUrl(invoice.id, 'pdf')} download={`${invoice.number}.pdf`} variant="light" size="xs" leftSection={<IconFileTypePdf size={16} />} data-testid="invoice-detail-pdf">
          Download PDF
        </Button>
        <Button component="a" href={invoiceDownloadUrl(invoice.id, 'csv')} download={`${invoice.number}.csv`} variant="light" size="xs" leftSection={<IconFileTypeCsv size={16} />}>
          Download CSV
        </Button>
      </Group>
    </Stack>
  );
}
