import { Alert, Badge, Button, Container, Grid, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { ConfirmModal } from '../../components/confirm-modal';
import { roleCan } from '@kubemarket/shared';
import { IconAlertCircle, IconArrowLeft, IconCreditCard, IconFileTypePdf, IconServer, IconX } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DetailsList } from '../../components/details-list';
import { BackLink } from '../../components/back-link';
import { PageLoadError, PageLoading } from '../../components/page-states';
import { ButtonLink } from '../../components/router-links';
import { SectionCard } from '../../components/section-card';
import { formatDateTime } from '../../lib/date-format';
import { toast } from '../../lib/toast';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { useSessionUser } from '../auth';
import { useCatalog } from '../catalog';
import { BillingDetailsView, Checkout, euros, MoneySummary, orderMoney } from '../checkout';
import { ProvisioningProgress } from '../clusters';
import { invoiceDownloadUrl } from '../invoices';
import { OrderStatusBadge } from './order-status-badge';
import { OrderTimeline } from './order-timeline';
import { useOrder } from './order-queries';
import { ORDER_KIND_LABELS } from './order-types';
import type { OrderDetail, OrderPayment } from './order-types';

interface OrderStatusViewProps {
  orderId: string;
  /** The checkout is shown (the address has ?checkout=1). */
  checkoutOpen?: boolean;
  /** Opens or closes the checkout here; without it, Pay leads to the order's own page. */
  onCheckoutChange?: (open: boolean) => void;
}

/** /order-status/{id}: where one order stands, live, with its checkout while it awaits payment. */
export function OrderStatusView({ orderId, checkoutOpen = false, onCheckoutChange }: OrderStatusViewProps) {
  const order = useOrder(orderId);

  if (order.isPending) {
    return (
      <Container size="lg" py="xl">
        <PageLoading title="Order Status">
          <Skeleton height={120} radius="md" aria-label="Loading the order" />
          <Skeleton height={320} radius="md" />
        </PageLoading>
      </Container>
    );
  }
  if (order.error) {
    return (
      <Container size="lg" py="xl">
        <PageLoadError
          query={order}
          title="Order Status"
          notFoundTitle="Order not found"
          notFound={() => (
            <>
              Your organisation has no order <code>{orderId}</code>. Check the link, or find the order in your organisation&apos;s orders.
            </>
          )}
          notFoundTestId="order-not-found"
          errorTitle="The order could not be loaded"
          back={
            <ButtonLink to="/order-status" variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />}>
              Your orders
            </ButtonLink>
          }
        />
      </Container>
    );
  }
  return <OrderStatusContent order={order.data} checkoutOpen={checkoutOpen} onCheckoutChange={onCheckoutChange} />;
}

function OrderStatusContent({ order, checkoutOpen, onCheckoutChange }: { order: OrderDetail; checkoutOpen: boolean; onCheckoutChange?: (open: boolean) => void }) {
  const user = useSessionUser();
  const mayPay = roleCan(user.organizationRole, 'billing:write');
  const mayCancel = roleCan(user.organizationRole, 'orders:write');
  const [cancelling, setCancelling] = useState(false);
  const pending = order.status === 'pending';
  const showCheckout = pending && checkoutOpen;

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Stack gap={6}>
          <BackLink to="/order-status">
            Your orders
          </BackLink>
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
            <Title order={1} data-testid="page-title">
              {order.summary}
            </Title>
            <div role="status" aria-live="polite">
              <OrderStatusBadge status={order.status} size="lg" />
            </div>
          </Group>
          <Text size="sm" c="dimmed">
            {ORDER_KIND_LABELS[order.kind]} order <code data-testid="order-id">{order.id}</code>, placed {formatDateTime(order.createdAt)}
            {order.placedBy ? ` by ${order.placedBy.name}` : ''}.
          </Text>
        </Stack>

        <OrderActions
          order={order}
          mayPay={mayPay}
          mayCancel={mayCancel}
          checkoutOpen={showCheckout}
          onPay={onCheckoutChange ? () => onCheckoutChange(true) : undefined}
          onCancel={() => setCancelling(true)}
        />

        {order.status === 'failed' && order.failureReason ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="This order failed" data-testid="order-failure">
            {order.failureReason}
          </Alert>
        ) : null}
        {pending && !mayPay ? (
          <Alert color="gray" variant="light" data-testid="order-awaits-payer">
            This order awaits payment by an owner, administrator or billing manager of your organisation.
          </Alert>
        ) : null}

        {showCheckout ? <Checkout order={order} onClose={onCheckoutChange ? () => onCheckoutChange(false) : undefined} /> : null}

        {order.kind === 'cluster' && order.createdClusterId && order.status !== 'pending' && order.status !== 'cancelled' ? (
          <SectionCard id="provisioning" title="Cluster provisioning" description="Each step of building the cluster, live.">
            <ProvisioningProgress clusterId={order.createdClusterId} />
          </SectionCard>
        ) : null}

        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: showCheckout ? 12 : 7 }}>
            <SectionCard id="timeline" title="Timeline" description={pending ? undefined : 'Updated live while the order is under way.'}>
              <OrderTimeline order={order} />
            </SectionCard>
          </Grid.Col>
          {showCheckout ? null : (
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Stack gap="lg">
                <SectionCard id="summary" title="Summary" description="At the prices quoted when the order was placed.">
                  <MoneySummary money={orderMoney(order)} cycle={order.cycle} charged />
                </SectionCard>
                <SectionCard id="billing" title="Billing details">
                  <BillingDetailsView billing={order.billing} />
                </SectionCard>
                {order.invoice ? <OrderInvoice invoice={order.invoice} /> : null}
              </Stack>
            </Grid.Col>
          )}
        </Grid>

        <OrderLines order={order} />
        {order.payments.length > 0 ? <Payments payments={order.payments} /> : null}
      </Stack>
      <CancelOrderModal order={order} opened={cancelling} onClose={() => setCancelling(false)} />
    </Container>
  );
}

interface OrderActionsProps {
  order: OrderDetail;
  mayPay: boolean;
  mayCancel: boolean;
  checkoutOpen: boolean;
  /** Opens the checkout on this page; without it, Pay links to the order's page with its checkout open. */
  onPay: (() => void) | undefined;
  onCancel: () => void;
}

function OrderActions({ order, mayPay, mayCancel, checkoutOpen, onPay, onCancel }: OrderActionsProps) {
  const pending = order.status === 'pending';
  const buttons = [];
  if (pending && mayPay && !checkoutOpen) {
    buttons.push(
      onPay ? (
        <Button key="pay" onClick={onPay} leftSection={<IconCreditCard size={16} aria-hidden />} data-testid="order-pay">
          Pay {euros(order.totalCents)}
        </Button>
      ) : (
        <ButtonLink key="pay" to="/order-status/$id" params={{ id: order.id }} search={{ checkout: 1 }} leftSection={<IconCreditCard size={16} aria-hidden />} data-testid="order-pay">
          Pay {euros(order.totalCents)}
        </ButtonLink>
      ),
    );
  }
  if (pending && mayCancel) {
    buttons.push(
      <Button key="cancel" variant="default" color="red" onClick={onCancel} leftSection={<IconX size={16} aria-hidden />} data-testid="order-cancel">
        Cancel order
      </Button>,
    );
  }
  if (order.createdClusterId) {
    const id = order.createdClusterId;
    buttons.push(
      order.status === 'provisioning' ? (
        <ButtonLink key="cluster" to="/cluster-provisioning" search={{ clusterId: id }} variant="light" leftSection={<IconServer size={16} aria-hidden />} data-testid="order-cluster-link">
          Watch provisioning
        </ButtonLink>
      ) : (
        <ButtonLink key="cluster" to="/clusters/$id" params={{ id }} variant="light" leftSection={<IconServer size={16} aria-hidden />} data-testid="order-cluster-link">
          Open the cluster
        </ButtonLink>
      ),
    );
  }
  if (order.targetClusterId) {
    buttons.push(
      <ButtonLink key="target" to="/clusters/$id" params={{ id: order.targetClusterId }} variant="light" leftSection={<IconServer size={16} aria-hidden />}>
        Open the cluster
      </ButtonLink>,
    );
  }
  if (buttons.length === 0) return null;
  return (
    <Group gap="sm" data-testid="order-actions">
      {buttons}
    </Group>
  );
}

function CancelOrderModal({ order, opened, onClose }: { order: OrderDetail; opened: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: () => client.orders.cancel.mutate({ id: order.id }),
    onSuccess: (cancelled) => {
      queryClient.setQueryData(trpc.orders.get.queryKey({ id: order.id }), cancelled);
      void queryClient.invalidateQueries(trpc.orders.pathFilter());
      void queryClient.invalidateQueries(trpc.dashboard.sidebarCounts.pathFilter());
      toast({ title: 'Order cancelled', description: `${order.summary}: nothing was charged.`, variant: 'success' });
      onClose();
    },
    onError: () => void queryClient.invalidateQueries(trpc.orders.get.queryFilter({ id: order.id })),
  });
  const close = () => {
    cancel.reset();
    onClose();
  };
  return (
    <ConfirmModal
      opened={opened}
      onClose={close}
      title="Cancel this order?"
      error={cancel.error?.message}
      pending={cancel.isPending}
      keepLabel="Keep the order"
      confirmLabel="Cancel order"
      confirmColor="red"
      onConfirm={() => cancel.mutate()}
      testIds={{ modal: 'cancel-order-modal', confirm: 'cancel-order-confirm' }}
    >
      <Text size="sm">
        {order.summary} will not be delivered and cannot be paid any more. Nothing has been charged. To order it again later, place a new order.
      </Text>
    </ConfirmModal>
  );
}

const PAYMENT_STATUS_LABELS: Record<OrderPayment['status'], { label: string; color: string }> = {
  pending: { label: 'Started', color: 'blue.8' },
  requires_action: { label: 'Awaiting confirmation', color: 'yellow.4' },
  processing: { label: 'Processing', color: 'blue.8' },
  succeeded: { label: 'Succeeded', color: 'teal.9' },
  declined: { label: 'Declined', color: 'red.9' },
  failed: { label: 'Failed', color: 'red.9' },
  refunded: { label: 'Refunded', color: 'gray.7' },
};

/** The day a transfer was received is a UTC calendar day, whatever the reader's time zone. */
const receivedDay = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });

/** A bank transfer reads as awaited, then received, rather than as a card's processing and success. */
const INVOICE_STATES: Record<NonNullable<OrderDetail['invoice']>['status'], string> = {
  paid: 'paid',
  due: 'due',
  overdue: 'overdue',
  void: 'cancelled by a credit note',
};

/** The order's invoice (the receipt of what was paid), downloadable; it is also listed on /billing. */
function OrderInvoice({ invoice }: { invoice: NonNullable<OrderDetail['invoice']> }) {
  return (
    <SectionCard id="invoice" title="Invoice" description="Issued when the order was paid or confirmed; also listed with your invoices on Billing.">
      <Group justify="space-between" wrap="wrap" gap="sm" data-testid="order-invoice">
        <Text size="sm">
          {invoice.number}: {euros(invoice.totalCents)}, {INVOICE_STATES[invoice.status]}
          {invoice.status === 'due' || invoice.status === 'overdue' ? ` on ${formatDateTime(invoice.dueAt)}` : ''}
        </Text>
        <Button component="a" href={invoiceDownloadUrl(invoice.id, 'pdf')} download={`${invoice.number}.pdf`} variant="light" size="xs" leftSection={<IconFileTypePdf size={16} aria-hidden />} data-testid="order-invoice-pdf">
          Download the PDF
        </Button>
      </Group>
    </SectionCard>
  );
}

function paymentStatusLabel(payment: OrderPayment): { label: string; color: string } {
  if (payment.provider === 'bank_transfer' && payment.status === 'processing') return { label: 'Awaiting transfer', color: 'blue.8' };
  if (payment.provider === 'bank_transfer' && payment.status === 'succeeded') return { label: 'Received', color: 'teal.9' };
  return PAYMENT_STATUS_LABELS[payment.status];
}

function paymentMethodLabel(payment: OrderPayment): string {
  if (payment.provider === 'bank_transfer') {
    if (payment.status === 'succeeded') {
      const reference = payment.transferReference ? `, reference ${payment.transferReference}` : '';
      return payment.succeededAt ? `Bank transfer, received ${receivedDay.format(payment.succeededAt)}${reference}` : `Bank transfer${reference}`;
    }
    return payment.dueAt ? `Bank transfer, due ${formatDateTime(payment.dueAt)}` : 'Bank transfer';
  }
  const card = payment.cardLast4 ? `card ending in ${payment.cardLast4}` : 'card';
  return payment.provider === 'stripe' ? `Stripe, ${card}` : `Test-mode ${card}`;
}

function Payments({ payments }: { payments: readonly OrderPayment[] }) {
  return (
    <SectionCard id="payments" title="Payments" description="Every attempt to pay this order. Card numbers are never stored: only the last four digits.">
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="xs" withTableBorder data-testid="order-payments">
          <Table.Caption>Payment attempts, oldest first</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">When</Table.Th>
              <Table.Th scope="col">Method</Table.Th>
              <Table.Th scope="col" ta="right">
                Amount
              </Table.Th>
              <Table.Th scope="col">Outcome</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {payments.map((payment) => {
              const status = paymentStatusLabel(payment);
              return (
                <Table.Tr key={payment.id} data-testid="payment-row" data-status={payment.status}>
                  <Table.Td>{formatDateTime(payment.createdAt)}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{paymentMethodLabel(payment)}</Text>
                    {payment.paidBy ? (
                      <Text size="xs" c="dimmed">
                        by {payment.paidBy.name}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td ta="right">{euros(payment.amountCents)}</Table.Td>
                  <Table.Td>
                    <Badge color={status.color} variant="filled">
                      {status.label}
                    </Badge>
                    {payment.failureReason ? (
                      <Text size="xs" mt={4}>
                        {payment.failureReason}
                      </Text>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </SectionCard>
  );
}

/** What a cluster order builds, beyond its price: the name, location, pools and settings as ordered. */
function OrderLines({ order }: { order: OrderDetail }) {
  const cluster = order.lines.find((line) => line.kind === 'cluster');
  const addons = order.lines.filter((line) => line.kind === 'addon');
  // Names, not catalogue ids (issue 31), once the catalogue is in; an item since retired keeps its id.
  const { catalog } = useCatalog();
  const flavorName = (id: string) => catalog?.flavors.find((flavor) => flavor.id === id)?.name ?? id;
  const addonName = (id: string) => catalog?.addons.find((addon) => addon.id === id)?.name ?? id;
  const regionName = (id: string) => {
    const region = catalog?.regions.find((candidate) => candidate.id === id);
    return region ? `${region.name}, ${region.city}` : id;
  };
  if (cluster) {
    const { settings } = cluster;
    return (
      <SectionCard id="configuration" title="Configuration" description="The cluster as ordered.">
        <DetailsList
          details={[
            { label: 'Cluster name', value: cluster.name },
            { label: 'Region and zones', value: `${regionName(cluster.regionId)} (${settings.zones.length > 0 ? `zones ${settings.zones.join(', ')}` : 'every zone'})` },
            { label: 'Kubernetes', value: cluster.kubernetesVersion },
            { label: 'Control plane', value: cluster.highAvailability ? 'Highly available' : 'Single' },
            {
              label: 'Node pools',
              value: cluster.nodePools
                .map((pool) => `${pool.name}: ${pool.autoscale ? `${pool.autoscale.min} to ${pool.autoscale.max}` : pool.count} × ${flavorName(pool.flavorId)}`)
                .join('; '),
            },
            { label: 'Add-ons', value: cluster.addonIds.length > 0 ? cluster.addonIds.map(addonName).join(', ') : 'None' },
            { label: 'Network', value: `${settings.cni === 'cilium' ? 'Cilium' : 'Calico'}, pods ${settings.podCidr}, services ${settings.serviceCidr}` },
            { label: 'API server reachable from', value: settings.apiAllowList.length > 0 ? settings.apiAllowList.join(', ') : 'Anywhere' },
            {
              label: 'Maintenance',
              value: `${settings.maintenanceWindow.day.charAt(0).toUpperCase()}${settings.maintenanceWindow.day.slice(1)}s from ${String(settings.maintenanceWindow.startHour).padStart(2, '0')}:00 UTC, automatic upgrades ${settings.autoUpgrade ? 'on' : 'off'}`,
            },
          ]}
        />
      </SectionCard>
    );
  }
  const target = addons[0];
  if (target) {
    return (
      <SectionCard id="configuration" title="Configuration">
        <DetailsList
          details={[
            { label: 'Cluster', value: target.clusterName },
            { label: 'Kubernetes', value: target.kubernetesVersion },
          ]}
        />
      </SectionCard>
    );
  }
  return null;
}
