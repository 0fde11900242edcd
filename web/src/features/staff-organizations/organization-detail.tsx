import { isAdminRole, ORGANIZATION_ROLE_LABELS, STAFF_CREDIT_LIMITS } from '@kubemarket/shared';
import { Alert, Badge, Button, Card, Group, Modal, NumberInput, Select, SimpleGrid, Skeleton, Stack, Switch, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { QueryErrorAlert } from '../../components/query-error-alert';
import { formatDate, formatDateTime } from '../../lib/date-format';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { countryName, countryOptions } from '../../lib/countries';
import { useCurrentUser } from '../auth';
import { ReasonDialog, type ReasonAction } from '../officers';
import {
  CLUSTER_STATUS_COLORS,
  creditLimitCentsOf,
  creditLimitProblem,
  euros,
  localDay,
  MAX_CREDIT_LIMIT_EUROS,
  ORDER_STATUS_COLORS,
  ORGANIZATION_STATUS_LABELS,
  OVERDUE_COLOR,
  quotaProblem,
  reasonProblem,
  receivedOnProblem,
  statusLabel,
  transferReferenceProblem,
} from './staff-format';
import type { AwaitingTransfer, OrganizationDetail } from './staff-organizations-types';

/** One organisation as staff see it, with the actions on it. */
export function OrganizationDetailView({ id, onBack }: { id: string; onBack: () => void }) {
  const trpc = useTRPC();
  const detail = useQuery(trpc.staffOrganizations.get.queryOptions({ id }));
  return (
    <Stack gap="lg">
      <Group>
        <Button variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={onBack}>
          All organisations
        </Button>
      </Group>
      {detail.isPending ? (
        <Skeleton height={320} aria-busy="true" aria-label="Loading the organisation" />
      ) : detail.error ? (
        <QueryErrorAlert title="The organisation could not be loaded" error={detail.error} retrying={detail.isFetching} onRetry={() => void detail.refetch()} />
      ) : (
        <Detail organization={detail.data} />
      )}
    </Stack>
  );
}

function Detail({ organization }: { organization: OrganizationDetail }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const admin = isAdminRole(user?.role);
  const [request, setRequest] = useState<ReasonAction | null>(null);
  const [receiving, setReceiving] = useState<OrganizationDetail['invoiceList'][number] | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.staffOrganizations.pathKey() });
  const suspend = useMutation(trpc.staffOrganizations.suspend.mutationOptions({ onSuccess: refresh }));
  // A credit note above one administrator's amount is filed as a request: its list refreshes too.
  const creditNote = useMutation(
    trpc.invoices.creditNote.mutationOptions({ onSuccess: () => Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: trpc.invoices.creditNoteRequests.pathKey() })]) }),
  );
  const reinstate = useMutation(trpc.staffOrganizations.reinstate.mutationOptions({ onSuccess: refresh }));
  const status = ORGANIZATION_STATUS_LABELS[organization.status];

  return (
    <Stack gap="lg" data-testid="organization-detail">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={2}>{organization.name}</Title>
          <Group gap={6}>
            <Badge variant="filled" color={status.color} tt="none" data-testid="organization-status">
              {status.label}
            </Badge>
            {organization.overdueSince !== null ? (
              <Badge variant="filled" color={OVERDUE_COLOR} tt="none">
                Overdue since {formatDate(organization.overdueSince)}
              </Badge>
            ) : null}
            <Text size="sm" c="dimmed">
              {organization.billingId} · customer since {formatDate(organization.createdAt)} · {organization.timezone}
            </Text>
          </Group>
        </Stack>
        {admin ? (
          organization.status === 'suspended' ? (
            <Button
              onClick={() =>
                setRequest({
                  title: `Reinstate ${organization.name}?`,
                  body: `${organization.name} may order and pay again. Its owners are notified and emailed with your note.`,
                  confirmLabel: 'Reinstate',
                  reasonDescription: 'Sent to the owners and kept in the audit log.',
                  run: (reason) => reinstate.mutateAsync({ id: organization.id, reason }),
                  done: `${organization.name} is active again.`,
                })
              }
            >
              Reinstate
            </Button>
          ) : (
            <Button
              color="red.9"
              variant="outline"
              onClick={() =>
                setRequest({
                  title: `Suspend ${organization.name}?`,
                  body: `New orders and payments are refused from now on. Its clusters keep running. Its owners are notified and emailed with your reason.`,
                  confirmLabel: 'Suspend organisation',
                  danger: true,
                  reasonDescription: 'Sent to the owners and kept in the audit log.',
                  run: (reason) => suspend.mutateAsync({ id: organization.id, reason }),
                  done: `${organization.name} is suspended.`,
                })
              }
            >
              Suspend
            </Button>
          )
        ) : null}
      </Group>

      <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="md">
        <Figure label="Members" value={String(organization.members)} />
        <Figure label="Clusters" value={`${organization.clusters} of ${organization.maxClusters}`} />
        <Figure label="Worker nodes" value={`${organization.nodesInUse} of ${organization.maxNodes}`} />
        <Figure label="Credit balance" value={euros(organization.creditBalanceCents)} />
        <Figure
          label="Unpaid"
          value={euros(organization.outstandingCents)}
          hint={organization.creditLimitCents === null ? 'No credit limit' : `Credit limit ${euros(organization.creditLimitCents)}`}
          testId="organization-outstanding"
        />
      </SimpleGrid>
      <Text size="sm">
        Support plan: <strong>{organization.supportPlan ? `${organization.supportPlan.name} (since ${formatDate(organization.supportPlan.since)})` : 'none'}</strong>
      </Text>

      <AwaitingTransfers organization={organization} admin={admin} onRecorded={refresh} />

      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <SettingsCard organization={organization} admin={admin} onSaved={refresh} />
        <CreditCard organization={organization} admin={admin} onGranted={refresh} />
      </SimpleGrid>

      {admin ? <CreditRequests organization={organization} currentUserId={user?.id ?? null} onDecided={refresh} /> : null}
      {admin ? <CreditNoteRequests organization={organization} currentUserId={user?.id ?? null} onDecided={refresh} /> : null}

      <Section title="Members">
        <SimpleTable
          label="Members"
          head={['Name', 'Email', 'Role', 'Member since']}
          rows={organization.memberList.map((member) => ({ key: member.id, cells: [member.name, member.email, ORGANIZATION_ROLE_LABELS[member.role], formatDate(member.createdAt)] }))}
          empty="No member."
        />
      </Section>
      <Section title="Clusters">
        <SimpleTable
          label="Clusters"
          head={['Name', 'Status', 'Region', 'Nodes', 'Created']}
          rows={organization.clusterList.map((cluster) => ({
            key: cluster.id,
            cells: [
              cluster.name,
              <Badge key="s" variant="filled" color={CLUSTER_STATUS_COLORS[cluster.status]} tt="none">
                {statusLabel(cluster.status)}
              </Badge>,
              cluster.region,
              String(cluster.nodeCount),
              formatDate(cluster.createdAt),
            ],
          }))}
          empty="No cluster."
        />
      </Section>
      <Section title="Latest orders">
        <SimpleTable
          label="Latest orders"
          head={['Order', 'What', 'Status', 'Total', 'Placed']}
          rows={organization.orderList.map((order) => ({
            key: order.id,
            cells: [
              order.id,
              order.summary || statusLabel(order.kind),
              <Badge key="s" variant="filled" color={ORDER_STATUS_COLORS[order.status]} tt="none">
                {statusLabel(order.status)}
              </Badge>,
              euros(order.totalCents),
              formatDate(order.createdAt),
            ],
          }))}
          empty="No order."
        />
      </Section>
      <Section title="Billing profile">
        <BillingProfileBlock organization={organization} admin={admin} onChanged={refresh} />
      </Section>
      <Section title="Latest invoices">
        <SimpleTable
          label="Latest invoices"
          head={['Number', 'Status', 'Total', 'Received', 'Issued', 'Due', ...(admin ? ['Transfer', 'Correction'] : [])]}
          rows={organization.invoiceList.map((invoice) => ({
            key: invoice.id,
            cells: [
              // Staff open any customer's invoice or credit note as the customer gets it (PDF/A-3 with Factur-X).
              <a key="n" href={`/api/admin/invoices/${encodeURIComponent(invoice.id)}/pdf`} download={`${invoice.number}.pdf`} aria-label={`Download ${invoice.number} as PDF`}>
                {invoice.kind === 'credit_note' ? `${invoice.number} (credit note)` : invoice.number}
              </a>,
              statusLabel(invoice.status),
              euros(invoice.totalCents),
              invoice.kind === 'invoice' ? euros(invoice.receivedCents) : '—',
              formatDate(invoice.issuedAt),
              formatDate(invoice.dueAt),
              ...(admin
                ? [
                    invoice.kind === 'invoice' && invoice.paymentReference && (invoice.status === 'due' || invoice.status === 'overdue') ? (
                      <Button key="t" size="xs" variant="light" aria-label={`Record transfer for ${invoice.number}`} onClick={() => setReceiving(invoice)}>
                        Record transfer
                      </Button>
                    ) : null,
                    invoice.kind !== 'invoice' ? null : invoice.corrected ? (
                      <Text key="c" size="sm" c="dimmed">
                        Corrected by a credit note
                      </Text>
                    ) : invoice.status === 'void' ? null : (
                      <Button
                        key="c"
                        size="xs"
                        variant="default"
                        aria-label={`Issue credit note for ${invoice.number}`}
                        onClick={() =>
                          setRequest({
                            title: `Issue a credit note for ${invoice.number}?`,
                            body: `The credit note cancels ${invoice.number} (${euros(invoice.totalCents)}) in full: unpaid, the invoice becomes void; paid, its amount before VAT returns to ${organization.name} as a refund credit. Above ${euros(STAFF_CREDIT_LIMITS.alonePerGrantCents)} it waits for another administrator.`,
                            confirmLabel: 'Issue credit note',
                            reasonDescription: 'Printed on the credit note and kept in the audit log.',
                            run: (reason) => creditNote.mutateAsync({ id: invoice.id, reason }),
                            done: (result) =>
                              (result as { status?: string }).status === 'awaiting_approval'
                                ? { title: 'Sent for approval', description: `The credit note for ${invoice.number} waits for another administrator.` }
                                : { title: 'Credit note issued', description: `${invoice.number} is corrected.` },
                          })
                        }
                      >
                        Issue credit note
                      </Button>
                    ),
                  ]
                : []),
            ],
          }))}
          empty="No invoice."
        />
        <Modal opened={receiving !== null} onClose={() => setReceiving(null)} title="Record a bank transfer" centered closeButtonProps={{ 'aria-label': 'Close' }}>
          {receiving ? <InvoiceTransferForm key={receiving.id} organization={organization} invoice={receiving} onClose={() => setReceiving(null)} onRecorded={refresh} /> : null}
        </Modal>
      </Section>
      <Section title="Latest support tickets">
        <SimpleTable
          label="Latest support tickets"
          head={['Reference', 'Subject', 'Severity', 'Status', 'Updated']}
          rows={organization.ticketList.map((ticket) => ({ key: ticket.id, cells: [ticket.reference, ticket.subject, ticket.severity, statusLabel(ticket.status), formatDateTime(ticket.updatedAt)] }))}
          empty="No ticket."
        />
      </Section>
      <Section title="Status and settings history">
        <SimpleTable
          label="Status and settings history"
          head={['When', 'What', 'By', 'Reason']}
          rows={organization.statusHistory.map((entry, index) => ({
            key: `${entry.createdAt}-${index}`,
            cells: [formatDateTime(entry.createdAt), statusLabel(entry.action.replace('organization.', '')), entry.actorName ?? '—', entry.reason ?? '—'],
          }))}
          empty="No change by staff yet."
        />
      </Section>
      <ReasonDialog action={request} reasonProblem={(reason) => reasonProblem(reason)} onClose={() => setRequest(null)} />
    </Stack>
  );
}

function Figure({ label, value, hint, testId }: { label: string; value: string; hint?: string; testId?: string }) {
  return (
    <Card withBorder padding="md" radius="md" data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value}
      </Text>
      {hint ? (
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Card>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section">
      <Title order={3} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function SimpleTable({ label, head, rows, empty }: { label: string; head: string[]; rows: Array<{ key: string; cells: ReactNode[] }>; empty: string }) {
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {head.map((cell) => (
              <Table.Th key={cell} scope="col">
                {cell}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              {row.cells.map((cell, index) => (
                <Table.Td key={index}>{cell}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function SettingsCard({ organization, admin, onSaved }: { organization: OrganizationDetail; admin: boolean; onSaved: () => Promise<void> }) {
  const trpc = useTRPC();
  const [invoicingAllowed, setInvoicingAllowed] = useState(organization.invoicingAllowed);
  const [maxClusters, setMaxClusters] = useState<number | string>(organization.maxClusters);
  const [maxNodes, setMaxNodes] = useState<number | string>(organization.maxNodes);
  // In euros as typed; empty: no limit.
  const [creditLimit, setCreditLimit] = useState<number | string>(organization.creditLimitCents === null ? '' : organization.creditLimitCents / 100);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const save = useMutation(trpc.staffOrganizations.updateSettings.mutationOptions());
  const problems = {
    maxClusters: quotaProblem(maxClusters, 'Cluster quota', 1_000),
    maxNodes: quotaProblem(maxNodes, 'Node quota', 100_000),
    creditLimit: creditLimitProblem(creditLimit),
    reason: reasonProblem(reason),
  };
  const creditLimitCents = problems.creditLimit ? undefined : creditLimitCentsOf(creditLimit);
  const changed =
    invoicingAllowed !== organization.invoicingAllowed ||
    maxClusters !== organization.maxClusters ||
    maxNodes !== organization.maxNodes ||
    (creditLimitCents !== undefined && creditLimitCents !== organization.creditLimitCents);

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="org-settings-title">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (!changed || problems.maxClusters || problems.maxNodes || problems.creditLimit || problems.reason) return;
          save.mutate(
            { id: organization.id, invoicingAllowed, maxClusters: maxClusters as number, maxNodes: maxNodes as number, creditLimitCents: creditLimitCents ?? null, reason: reason.trim() },
            {
              onSuccess: async () => {
                toast({ title: 'Settings saved', description: `${organization.name}'s settings were changed.`, variant: 'success' });
                setReason('');
                setTouched(false);
                await onSaved();
              },
            },
          );
        }}
      >
        <Stack gap="sm">
          <Title order={3} size="h4" id="org-settings-title">
            Settings staff control
          </Title>
          {admin ? null : (
            <Alert color="gray" variant="light">
              Only administrators change these settings.
            </Alert>
          )}
          <ErrorAlert>{save.error?.message}</ErrorAlert>
          <Switch
            label="Invoice payment allowed"
            description="The organisation may pay orders by bank transfer against an invoice."
            checked={invoicingAllowed}
            disabled={!admin}
            onChange={(event) => setInvoicingAllowed(event.currentTarget.checked)}
          />
          <Group grow>
            <NumberInput label="Cluster quota" description="Clusters alive at once" min={0} max={1_000} allowDecimal={false} value={maxClusters} onChange={setMaxClusters} disabled={!admin} error={touched ? problems.maxClusters : null} />
            <NumberInput label="Node quota" description="Worker nodes over all clusters" min={0} max={100_000} allowDecimal={false} value={maxNodes} onChange={setMaxNodes} disabled={!admin} error={touched ? problems.maxNodes : null} />
          </Group>
          <NumberInput
            label="Credit limit (EUR)"
            description="Most it may owe at once when paying by bank transfer (unpaid invoices and orders). Empty: no limit. Card payments are not limited."
            placeholder="No limit"
            min={0}
            max={MAX_CREDIT_LIMIT_EUROS}
            decimalScale={2}
            value={creditLimit}
            onChange={setCreditLimit}
            disabled={!admin}
            error={touched ? problems.creditLimit : null}
          />
          <TextInput label="Reason" description="Kept in the audit log." value={reason} onChange={(event) => setReason(event.currentTarget.value)} disabled={!admin} error={touched ? problems.reason : null} required />
          <Group justify="flex-end">
            <Button type="submit" disabled={!admin || !changed} loading={save.isPending}>
              Save settings
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

const ORIGINS = [
  { value: 'goodwill', label: 'Goodwill' },
  { value: 'refund', label: 'Refund' },
  { value: 'prepaid', label: 'Prepaid' },
  { value: 'promotion', label: 'Promotion' },
];

function CreditCard({ organization, admin, onGranted }: { organization: OrganizationDetail; admin: boolean; onGranted: () => Promise<void> }) {
  const trpc = useTRPC();
  const [amount, setAmount] = useState<number | string>('');
  const [origin, setOrigin] = useState<'goodwill' | 'refund' | 'prepaid' | 'promotion'>('goodwill');
  const [description, setDescription] = useState('');
  const [expiresOn, setExpiresOn] = useState('');
  const [touched, setTouched] = useState(false);
  const grant = useMutation(trpc.billing.grantCredit.mutationOptions());
  const amountProblem = typeof amount === 'number' && amount >= 0.01 && amount <= 100_000 ? null : 'Enter an amount from €0.01 to €100,000.';
  const descriptionProblem = description.trim() ? null : 'Say why the credit is granted.';
  const expiresAt = expiresOn ? Date.parse(`${expiresOn}T23:59:59Z`) : null;

  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="org-credit-title">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (amountProblem || descriptionProblem) return;
          grant.mutate(
            { id: organization.id, amountCents: Math.round((amount as number) * 100), origin, description: description.trim(), expiresAt },
            {
              onSuccess: async (answer) => {
                if (answer.status === 'granted') {
                  toast({ title: 'Credit granted', description: `${euros(answer.credit.amountCents)} for ${organization.name}.`, variant: 'success' });
                } else {
                  toast({ title: 'Credit awaits a second administrator', description: `${euros(answer.request.amountCents)} for ${organization.name}: ${answer.request.limitReason}`, variant: 'info' });
                }
                setAmount('');
                setDescription('');
                setExpiresOn('');
                setTouched(false);
                await onGranted();
              },
            },
          );
        }}
      >
        <Stack gap="sm">
          <Title order={3} size="h4" id="org-credit-title">
            Grant a credit
          </Title>
          <Text size="sm" c="dimmed">
            Credits are deducted from the next invoices before any payment. Audited with your name. You grant up to {euros(STAFF_CREDIT_LIMITS.alonePerGrantCents)} at a time and{' '}
            {euros(STAFF_CREDIT_LIMITS.alonePerMonthCents)} a month alone; above that, another administrator approves.
          </Text>
          {admin ? null : (
            <Alert color="gray" variant="light">
              Only administrators grant credits.
            </Alert>
          )}
          <ErrorAlert>{grant.error?.message}</ErrorAlert>
          <Group grow>
            <NumberInput label="Amount (EUR)" min={0.01} max={100_000} decimalScale={2} value={amount} onChange={setAmount} error={touched ? amountProblem : null} required />
            <Select label="Origin" data={ORIGINS} value={origin} allowDeselect={false} onChange={(value) => value && setOrigin(value as typeof origin)} />
          </Group>
          <TextInput label="Description" description="Shown to the customer with the credit." maxLength={200} value={description} onChange={(event) => setDescription(event.currentTarget.value)} error={touched ? descriptionProblem : null} required />
          <TextInput label="Expires on (UTC, optional)" type="date" value={expiresOn} onChange={(event) => setExpiresOn(event.currentTarget.value)} />
          <Group justify="flex-end">
            <Button type="submit" loading={grant.isPending} disabled={!admin}>
              Grant credit
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/**
 * Credits for this organisation waiting for a second administrator (issue 29): each with who
 * asked, how much, why it needs approval, and Approve / Reject. The requester sees theirs without
 * the buttons: another administrator decides.
 */
function CreditRequests({ organization, currentUserId, onDecided }: { organization: OrganizationDetail; currentUserId: string | null; onDecided: () => Promise<void> }) {
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
function CreditNoteRequests({ organization, currentUserId, onDecided }: { organization: OrganizationDetail; currentUserId: string | null; onDecided: () => Promise<void> }) {
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

/** What staff read of a day: the day as the server stores it (UTC). */
const utcDay = (at: number) => new Date(at).toISOString().slice(0, 10);

/** Bank transfers of delivered orders not yet seen on our account, with the action that records one. */
function AwaitingTransfers({ organization, admin, onRecorded }: { organization: OrganizationDetail; admin: boolean; onRecorded: () => Promise<void> }) {
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
        <Table.ScrollContainer minWidth={640}>
          <Table striped aria-label="Bank transfers awaited">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Order</Table.Th>
                <Table.Th scope="col" ta="right">
                  Amount
                </Table.Th>
                <Table.Th scope="col">Confirmed</Table.Th>
                <Table.Th scope="col">Due</Table.Th>
                {admin ? (
                  <Table.Th scope="col">
                    <VisuallyHidden>Action</VisuallyHidden>
                  </Table.Th>
                ) : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {transfers.map((transfer) => (
                <Table.Tr key={transfer.paymentId} data-testid="awaiting-transfer-row" data-payment-id={transfer.paymentId}>
                  <Table.Td>
                    <Text size="sm">{transfer.orderSummary || transfer.orderId}</Text>
                    <Text size="xs" c="dimmed">
                      {transfer.orderId}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{euros(transfer.amountCents)}</Table.Td>
                  <Table.Td>{formatDate(transfer.confirmedAt)}</Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Text size="sm">{transfer.dueAt === null ? '—' : formatDate(transfer.dueAt)}</Text>
                      {transfer.overdue ? (
                        <Badge variant="filled" color={OVERDUE_COLOR} tt="none" data-testid="transfer-overdue">
                          Overdue
                        </Badge>
                      ) : null}
                    </Group>
                  </Table.Td>
                  {admin ? (
                    <Table.Td>
                      <Button size="xs" variant="light" onClick={() => setRecording(transfer)} aria-label={`Record transfer received for order ${transfer.orderId}`}>
                        Record transfer received
                      </Button>
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
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
  const [reference, setReference] = useState('');
  const [receivedOn, setReceivedOn] = useState('');
  const [touched, setTouched] = useState(false);
  const record = useMutation(trpc.staffOrganizations.recordBankTransfer.mutationOptions());
  // The day the form opened: the form lives minutes, not past midnight.
  const [today] = useState(() => localDay(Date.now()));
  const problems = { reference: transferReferenceProblem(reference), receivedOn: receivedOnProblem(receivedOn, today, utcDay(transfer.confirmedAt)) };

  return (
    <form
      noValidate
      data-testid="transfer-dialog"
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (problems.reference || problems.receivedOn) return;
        record.mutate(
          { organizationId: organization.id, paymentId: transfer.paymentId, reference: reference.trim(), ...(receivedOn ? { receivedOn } : {}) },
          {
            onSuccess: async (recorded) => {
              toast({
                title: 'Transfer recorded',
                description: `${euros(recorded.amountCents)} received for order ${recorded.orderId}. ${organization.name} now owes ${euros(recorded.outstandingCents)}.`,
                variant: 'success',
              });
              onClose();
              await onRecorded();
            },
          },
        );
      }}
    >
      <Stack gap="md">
        <Text size="sm">
          {euros(transfer.amountCents)} for order {transfer.orderId} ({transfer.orderSummary || 'order'}){transfer.dueAt === null ? '' : `, due ${formatDate(transfer.dueAt)}`}. The payment becomes paid, what{' '}
          {organization.name} owes drops by this amount, and its billing members are notified and emailed.
        </Text>
        <ErrorAlert>{record.error?.message}</ErrorAlert>
        <TransferReceivedFields
          reference={reference}
          onReference={setReference}
          receivedOn={receivedOn}
          onReceivedOn={setReceivedOn}
          today={today}
          errors={touched ? problems : null}
          onBlur={() => setTouched(true)}
          pending={record.isPending}
          onCancel={onClose}
          autoFocus
        />
      </Stack>
    </form>
  );
}


/** A transfer against one invoice, by its RF reference: the amount as received (partial, exact or more). */
function InvoiceTransferForm({
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
  const [amount, setAmount] = useState<string | number>(due / 100);
  const [reference, setReference] = useState('');
  const [receivedOn, setReceivedOn] = useState('');
  const [touched, setTouched] = useState(false);
  const record = useMutation(trpc.staffOrganizations.recordInvoiceTransfer.mutationOptions());
  const [today] = useState(() => localDay(Date.now()));
  const cents = Math.round(Number(amount) * 100);
  const problems = {
    amount: !Number.isFinite(cents) || cents < 1 ? 'Enter the amount received, at least €0.01.' : null,
    reference: transferReferenceProblem(reference),
    receivedOn: receivedOnProblem(receivedOn, today, utcDay(invoice.issuedAt)),
  };
  return (
    <form
      noValidate
      data-testid="invoice-transfer-dialog"
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (problems.amount || problems.reference || problems.receivedOn) return;
        record.mutate(
          { reference: invoice.paymentReference!, amountCents: cents, bankReference: reference.trim(), ...(receivedOn ? { receivedOn } : {}) },
          {
            onSuccess: async (recorded) => {
              toast({
                title: 'Transfer recorded',
                description:
                  recorded.dueCents > 0
                    ? `${recorded.number}: ${euros(recorded.receivedCents)} received, ${euros(recorded.dueCents)} still due.`
                    : recorded.excessCents > 0
                      ? `${recorded.number} is paid; ${euros(recorded.excessCents)} beyond it became a credit for ${organization.name}.`
                      : `${recorded.number} is paid in full.`,
                variant: 'success',
              });
              onClose();
              await onRecorded();
            },
          },
        );
      }}
    >
      <Stack gap="md">
        <Text size="sm">
          Invoice {invoice.number}, reference <Text span ff="monospace">{invoice.paymentReference}</Text>: {euros(invoice.totalCents)}, of which {euros(invoice.receivedCents)} received. Record the amount that
          arrived: less than due leaves the rest due, more becomes a credit for {organization.name}.
        </Text>
        <ErrorAlert>{record.error?.message}</ErrorAlert>
        <NumberInput label="Amount received (EUR)" min={0.01} decimalScale={2} value={amount} onChange={setAmount} error={touched ? problems.amount : null} required data-autofocus />
        <TransferReceivedFields
          reference={reference}
          onReference={setReference}
          receivedOn={receivedOn}
          onReceivedOn={setReceivedOn}
          today={today}
          errors={touched ? problems : null}
          onBlur={() => setTouched(true)}
          pending={record.isPending}
          onCancel={onClose}
          submitTestId="invoice-transfer-submit"
        />
      </Stack>
    </form>
  );
}

const COUNTRY_OPTIONS = countryOptions();

/** What the organisation's orders and invoices are taxed by; administrators change its country at its request. */
function BillingProfileBlock({ organization, admin, onChanged }: { organization: OrganizationDetail; admin: boolean; onChanged: () => Promise<void> }) {
  const [changing, setChanging] = useState(false);
  const { profile, vatCheck, treatment } = organization.billing;
  if (!profile) {
    return (
      <Text size="sm" c="dimmed">
        No billing details yet: the first order sets them.
      </Text>
    );
  }
  return (
    <Stack gap="xs" data-testid="staff-billing-profile">
      <Text size="sm">
        {profile.companyName}, {[profile.addressLine1, `${profile.postalCode} ${profile.city}`.trim()].filter(Boolean).join(', ') || 'no address yet'}, {countryName(profile.countryCode)} · VAT number {profile.vatNumber ?? 'none'}
        {vatCheck ? ` (${vatCheck.valid ? 'valid' : 'not valid'} per ${vatCheck.source === 'vies' ? 'VIES' : 'the built-in check'} on ${formatDate(vatCheck.checkedAt)}${vatCheck.consultationNumber ? `, ${vatCheck.consultationNumber}` : ''})` : ''}
      </Text>
      {treatment ? (
        <Text size="sm" c="dimmed">
          {treatment}
        </Text>
      ) : null}
      {admin ? (
        <Group>
          <Button size="xs" variant="default" onClick={() => setChanging(true)}>
            Change billing country
          </Button>
        </Group>
      ) : null}
      <Modal opened={changing} onClose={() => setChanging(false)} title="Change the billing country" centered closeButtonProps={{ 'aria-label': 'Close' }}>
        {changing ? <BillingCountryForm organization={organization} onClose={() => setChanging(false)} onChanged={onChanged} /> : null}
      </Modal>
    </Stack>
  );
}

function BillingCountryForm({ organization, onClose, onChanged }: { organization: OrganizationDetail; onClose: () => void; onChanged: () => Promise<void> }) {
  const trpc = useTRPC();
  const profile = organization.billing.profile!;
  const [countryCode, setCountryCode] = useState<string | null>(profile.countryCode);
  const [vatNumber, setVatNumber] = useState(profile.vatNumber ?? '');
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const change = useMutation(trpc.staffOrganizations.changeBillingCountry.mutationOptions());
  const reasonProblem = reason.trim().length < 3 ? 'Say why in at least 3 characters: the customer’s request, its ticket.' : null;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (reasonProblem || !countryCode) return;
        change.mutate(
          { id: organization.id, countryCode, vatNumber: vatNumber.trim() || null, reason: reason.trim() },
          {
            onSuccess: async (saved) => {
              toast({ title: 'Billing country changed', description: `${organization.name} is now billed in ${countryName(saved.profile!.countryCode)}: ${saved.treatment ?? ''}`, variant: 'success' });
              onClose();
              await onChanged();
            },
          },
        );
      }}
    >
      <Stack gap="md">
        <Text size="sm">Orders placed from now on are taxed by the new country; issued invoices stay as they are (correct them with credit notes).</Text>
        <ErrorAlert>{change.error?.message.replace(/^vatNumber: /, '')}</ErrorAlert>
        <Select label="Country" data={COUNTRY_OPTIONS} searchable allowDeselect={false} value={countryCode} onChange={setCountryCode} required data-autofocus />
        <TextInput label="VAT number" description="Optional; checked with the EU register. It must be of the new country." value={vatNumber} onChange={(event) => setVatNumber(event.currentTarget.value)} />
        <TextInput label="Reason" description="The customer's request (its ticket), kept in the audit log." value={reason} onChange={(event) => setReason(event.currentTarget.value)} error={touched ? reasonProblem : null} required />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={change.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={change.isPending}>
            Change country
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The bank's reference and the day received, then Cancel and Record: both transfer forms end so. */
function TransferReceivedFields({
  reference,
  onReference,
  receivedOn,
  onReceivedOn,
  today,
  errors,
  onBlur,
  pending,
  onCancel,
  autoFocus = false,
  submitTestId,
}: {
  reference: string;
  onReference: (value: string) => void;
  receivedOn: string;
  onReceivedOn: (value: string) => void;
  today: string;
  errors: { reference: string | null; receivedOn: string | null } | null;
  onBlur: () => void;
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
        value={reference}
        onChange={(event) => onReference(event.currentTarget.value)}
        onBlur={onBlur}
        error={errors?.reference ?? null}
        required
        data-autofocus={autoFocus || undefined}
      />
      <TextInput
        label="Date received"
        description="The day the money arrived on our account. Leave empty for today."
        type="date"
        max={today}
        value={receivedOn}
        onChange={(event) => onReceivedOn(event.currentTarget.value)}
        error={errors?.receivedOn ?? null}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" loading={pending} data-testid={submitTestId}>
          Record transfer
        </Button>
      </Group>
    </>
  );
}
