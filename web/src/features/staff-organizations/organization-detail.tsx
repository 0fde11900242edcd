/** A customer organisation as staff see it (issue 15); each card of the page is a file of its own (issue 32). */
import { isAdminRole, ORGANIZATION_ROLE_LABELS, STAFF_CREDIT_LIMITS } from '@kubemarket/shared';
import { Badge, Button, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryErrorAlert } from '../../components/query-error-alert';
import { formatDate, formatDateTime } from '../../lib/date-format';
import { useTRPC } from '../../lib/trpc';
import { useCurrentUser } from '../auth';
import { ReasonDialog, type ReasonAction } from '../officers';
import {
  CLUSTER_STATUS_COLORS,
  euros,
  ORDER_STATUS_COLORS,
  ORGANIZATION_STATUS_LABELS,
  OVERDUE_COLOR,
  reasonProblem,
  statusLabel,
} from './staff-format';
import type { OrganizationDetail } from './staff-organizations-types';
import { CreditNoteRequests, CreditRequests } from './approval-requests';
import { BillingProfileBlock } from './billing-profile-card';
import { CreditCard } from './credit-card';
import { Figure, Section, SimpleTable, StatusBadge, TableSection } from './detail-parts';
import { SettingsCard } from './settings-card';
import { AwaitingTransfers, InvoiceTransferForm } from './transfers-card';
import { Modal } from '../../components/overlays';

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
        <QueryErrorAlert title="The organisation could not be loaded" query={detail} />
      ) : (
        <Detail organization={detail.data} />
      )}
    </Stack>
  );
}

export function Detail({ organization }: { organization: OrganizationDetail }) {
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

      <TableSection
        title="Members"
        head={['Name', 'Email', 'Role', 'Member since']}
        rows={organization.memberList.map((member) => ({ key: member.id, cells: [member.name, member.email, ORGANIZATION_ROLE_LABELS[member.role], formatDate(member.createdAt)] }))}
        empty="No member."
      />
      <TableSection
        title="Clusters"
        head={['Name', 'Status', 'Region', 'Nodes', 'Created']}
        rows={organization.clusterList.map((cluster) => ({
          key: cluster.id,
          cells: [
            cluster.name,
            <StatusBadge key="s" status={cluster.status} colors={CLUSTER_STATUS_COLORS} />,
            cluster.region,
            String(cluster.nodeCount),
            formatDate(cluster.createdAt),
          ],
        }))}
        empty="No cluster."
      />
      <TableSection
        title="Latest orders"
        head={['Order', 'What', 'Status', 'Total', 'Placed']}
        rows={organization.orderList.map((order) => ({
          key: order.id,
          cells: [
            order.id,
            order.summary || statusLabel(order.kind),
            <StatusBadge key="s" status={order.status} colors={ORDER_STATUS_COLORS} />,
            euros(order.totalCents),
            formatDate(order.createdAt),
          ],
        }))}
        empty="No order."
      />
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
      <TableSection
        title="Latest support tickets"
        head={['Reference', 'Subject', 'Severity', 'Status', 'Updated']}
        rows={organization.ticketList.map((ticket) => ({ key: ticket.id, cells: [ticket.reference, ticket.subject, ticket.severity, statusLabel(ticket.status), formatDateTime(ticket.updatedAt)] }))}
        empty="No ticket."
      />
      <TableSection
        title="Status and settings history"
        head={['When', 'What', 'By', 'Reason']}
        rows={organization.statusHistory.map((entry, index) => ({
          key: `${entry.createdAt}-${index}`,
          cells: [formatDateTime(entry.createdAt), statusLabel(entry.action.replace('organization.', '')), entry.actorName ?? '—', entry.reason ?? '—'],
        }))}
        empty="No change by staff yet."
      />
      <ReasonDialog action={request} reasonProblem={(reason) => reasonProblem(reason)} onClose={() => setRequest(null)} />
    </Stack>
  );
}
