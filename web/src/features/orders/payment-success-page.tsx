import { Alert, Card, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { printedReference, roleCan } from '@kubemarket/shared';
import { IconAlertCircle, IconListDetails, IconServer } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryErrorAlert } from '../../components/query-error-alert';
import { ButtonLink } from '../../components/router-links';
import { SectionCard } from '../../components/section-card';
import { SuccessHeading } from '../../components/success-heading';
import { httpStatusOf } from '../../lib/api-errors';
import { formatDate, formatDateTime } from '../../lib/date-format';
import { useTRPC } from '../../lib/trpc';
import { useSessionUser } from '../auth';
import { euros, MoneySummary, orderMoney } from '../checkout';
import { useDisplayPrice } from '../currency';
import { SlideTransition } from '../shell';
import { OrderStatusBadge } from './order-status-badge';
import { useOrder } from './order-queries';
import { ORDER_KIND_LISTS } from './order-types';
import type { OrderDetail } from './order-types';

/** /payment-success?order=…: what was bought, what was charged, and what happens next. */
export function PaymentSuccessPage({ orderId }: { orderId: string | undefined }) {
  // The page slides out as the provisioning page slides in (the configuration slide of docs/product/screens.md#page-transitions).
  return (
    <SlideTransition>
      <Container size="md" py="xl">
        {orderId ? (
          <PaidOrder orderId={orderId} />
        ) : (
          <Problem title="Payment Confirmation">
            This page confirms a payment once it is made, and no order was named. Your orders and their payments are on the order status page.
          </Problem>
        )}
      </Container>
    </SlideTransition>
  );
}

function Problem({ title, children, orderId }: { title: string; children: ReactNode; orderId?: string }) {
  return (
    <Stack gap="lg">
      <Title order={1} data-testid="page-title">
        {title}
      </Title>
      <Alert color="gray" variant="light" icon={<IconAlertCircle size={18} />} data-testid="payment-success-problem">
        {children}
      </Alert>
      <Group gap="sm">
        {orderId ? (
          <ButtonLink to="/order-status/$id" params={{ id: orderId }} variant="default">
            The order
          </ButtonLink>
        ) : null}
        <ButtonLink to="/order-status" variant="default">
          Your orders
        </ButtonLink>
      </Group>
    </Stack>
  );
}

function PaidOrder({ orderId }: { orderId: string }) {
  const order = useOrder(orderId);
  const user = useSessionUser();
  if (order.isPending) return <Skeleton height={360} radius="md" aria-label="Loading the payment" />;
  if (order.error) {
    if (httpStatusOf(order.error) === 404) {
      return <Problem title="Order not found">Your organisation has no order {orderId}, so there is no payment to confirm. Check the link.</Problem>;
    }
    return <QueryErrorAlert title="The payment could not be loaded" query={order} />;
  }
  const data = order.data;
  if (data.status === 'pending') {
    const mayPay = roleCan(user.organizationRole, 'billing:write');
    return (
      <Stack gap="lg">
        <Problem title="Not paid yet" orderId={data.id}>
          {data.summary} awaits payment: nothing has been charged for it yet.{' '}
          {mayPay ? 'Pay it from its checkout.' : 'An owner, administrator or billing manager of your organisation pays it.'}
        </Problem>
        {mayPay ? (
          <Group>
            <ButtonLink to="/order-status/$id" params={{ id: data.id }} search={{ checkout: 1 }} data-testid="payment-success-pay">
              Go to the checkout
            </ButtonLink>
          </Group>
        ) : null}
      </Stack>
    );
  }
  if (data.status === 'cancelled') {
    return (
      <Problem title="Order cancelled" orderId={data.id}>
        {data.summary} was cancelled before it was paid: nothing was charged.
      </Problem>
    );
  }
  return <Confirmation order={data} />;
}

/** The day a transfer was received is a UTC calendar day, whatever the reader's time zone. */
const receivedDay = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' });

function Confirmation({ order }: { order: OrderDetail }) {
  const { format, currency, ready } = useDisplayPrice();
  const payment = [...order.payments].reverse().find((candidate) => candidate.status === 'succeeded');
  const invoice = order.payments.find((candidate) => candidate.provider === 'bank_transfer' && candidate.status === 'processing');
  const free = order.paymentMethod === 'none';
  const title = payment ? 'Payment received' : invoice ? 'Order confirmed, invoice to follow' : 'Order confirmed';
  const charged = payment?.amountCents ?? invoice?.amountCents ?? 0;

  return (
    <Stack gap="lg">
      <SuccessHeading level="page" title={title}>
        <Text c="dimmed">Thank you. A confirmation is on its way to your mailbox.</Text>
      </SuccessHeading>

      <Card withBorder radius="md" padding="lg" role="status" data-testid="payment-confirmation">
        <Stack gap="xs">
          {free ? (
            <Text data-testid="payment-amount" data-cents={0}>
              Nothing was charged: {order.summary} is free.
            </Text>
          ) : (
            <>
              <Text size="sm" c="dimmed">
                {payment ? 'Amount charged' : 'Amount invoiced'}
              </Text>
              <Text fz={32} fw={800} lh={1.1} data-testid="payment-amount" data-cents={charged}>
                {euros(charged)}
              </Text>
              {currency !== 'EUR' && ready ? (
                <Text size="sm" c="dimmed">
                  About {format(charged)} at today&apos;s rate; you are charged in euros.
                </Text>
              ) : null}
              {payment?.provider === 'bank_transfer' ? (
                <Text size="sm" data-testid="payment-method">
                  Bank transfer received{payment.succeededAt ? ` on ${receivedDay.format(payment.succeededAt)}` : ''}
                  {payment.transferReference ? `, reference ${payment.transferReference}` : ''}.
                </Text>
              ) : payment ? (
                <Text size="sm" data-testid="payment-method">
                  {payment.provider === 'sandbox' ? 'Test-mode card' : 'Card'}
                  {payment.cardLast4 ? ` ending in ${payment.cardLast4}` : ''}, {formatDateTime(payment.updatedAt)}
                  {payment.provider === 'sandbox' ? ' (test mode: no real money moved)' : ''}.
                </Text>
              ) : null}
              {invoice?.dueAt ? (
                <Text size="sm" data-testid="payment-invoice">
                  By bank transfer: {order.invoice ? `invoice ${order.invoice.number}` : 'the invoice'} is due on {formatDate(invoice.dueAt)}.
                </Text>
              ) : null}
              {invoice && order.invoice?.paymentReference ? <TransferInstructions reference={order.invoice.paymentReference} amountCents={order.invoice.totalCents - order.invoice.receivedCents} /> : null}
            </>
          )}
          <Group gap="xs">
            <Text size="sm">Order status:</Text>
            <OrderStatusBadge status={order.status} />
          </Group>
        </Stack>
      </Card>

      <SectionCard id="bought" title="What you bought" description={`Order ${order.id}, at the prices quoted when it was placed.`}>
        <MoneySummary money={orderMoney(order)} cycle={order.cycle} charged />
      </SectionCard>

      <SectionCard id="next" title="What happens next">
        <NextSteps order={order} />
      </SectionCard>
    </Stack>
  );
}

function NextSteps({ order }: { order: OrderDetail }) {
  const details = (
    <ButtonLink to="/order-status/$id" params={{ id: order.id }} variant="default" leftSection={<IconListDetails size={16} aria-hidden />}>
      Order details
    </ButtonLink>
  );
  if (order.status === 'failed') {
    return (
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{order.failureReason ?? 'The order could not be delivered.'} Contact billing support about the amount charged for it.</Text>
        <Group gap="sm">
          {order.createdClusterId ? (
            <ButtonLink to="/cluster-provisioning" search={{ clusterId: order.createdClusterId }} leftSection={<IconServer size={16} aria-hidden />} data-testid="watch-provisioning">
              Watch provisioning
            </ButtonLink>
          ) : null}
          {details}
        </Group>
      </Stack>
    );
  }
  const list = ORDER_KIND_LISTS[order.kind];
  if (order.kind === 'cluster') {
    const line = order.lines.find((candidate) => candidate.kind === 'cluster');
    return (
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          {order.status === 'completed'
            ? `Your cluster ${line?.name ?? ''} is running.`
            : `Your cluster ${line?.name ?? ''} is being provisioned${line ? ` in ${line.regionId}` : ''}: the control plane, the network, then the nodes of each pool. It takes a few minutes, and we notify you when it is running.`}
        </Text>
        <Group gap="sm">
          {/* Offered even once the cluster is running: the steps it went through stay there to read. */}
          {order.createdClusterId ? (
            <ButtonLink
              to="/cluster-provisioning"
              search={{ clusterId: order.createdClusterId }}
              variant={order.status === 'completed' ? 'default' : 'filled'}
              leftSection={<IconServer size={16} aria-hidden />}
              data-testid="watch-provisioning"
            >
              Watch provisioning
            </ButtonLink>
          ) : null}
          {order.createdClusterId && order.status === 'completed' ? (
            <ButtonLink to="/clusters/$id" params={{ id: order.createdClusterId }} leftSection={<IconServer size={16} aria-hidden />}>
              Open the cluster
            </ButtonLink>
          ) : null}
          {details}
        </Group>
      </Stack>
    );
  }
  const text =
    order.kind === 'addon'
      ? `${order.events.find((event) => event.type === 'completed')?.message ?? 'The add-ons are installed on your cluster.'}`
      : order.kind === 'support'
        ? 'Your new support plan is active: open tickets with its response times from now on.'
        : `${order.summary} is ready to use.`;
  return (
    <Stack gap="sm" align="flex-start">
      <Text size="sm">{text}</Text>
      <Group gap="sm">
        <ButtonLink to={list.to} data-testid="next-orders-list">
          Your {list.title.toLowerCase()} orders
        </ButtonLink>
        {details}
      </Group>
    </Stack>
  );
}

/** Where the transfer goes and what it must quote: the account, and the invoice's RF reference. */
function TransferInstructions({ reference, amountCents }: { reference: string; amountCents: number }) {
  const trpc = useTRPC();
  const options = useQuery(trpc.orders.paymentOptions.queryOptions());
  const account = options.data?.transferAccount;
  return (
    <Text size="sm" data-testid="transfer-instructions">
      Transfer {euros(amountCents)}
      {account ? ` to ${account.beneficiary}, IBAN ${account.iban}, BIC ${account.bic},` : ''} quoting the reference{' '}
      <Text span ff="monospace" fw={600}>
        {printedReference(reference)}
      </Text>{' '}
      so that we match it to your invoice.
    </Text>
  );
}
