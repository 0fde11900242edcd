import { Alert, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { CancelSubmitRow } from '../../components/form-fields';
import { billingInputSchema, quoteCustomerSchema } from '@kubemarket/shared';
import { IconDiscount, IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useRef, useState } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { toast } from '../../lib/toast';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useSessionUser } from '../auth';
import { useServerQuote } from '../catalog-browse';
import type { QuoteRequest } from '../catalog-browse';
import { BillingCycleControl, usePreferences } from '../preferences';
import { keyFor } from './attempt-key';
import type { AttemptKey } from './attempt-key';
import { initialBilling, placeOrderRefusal } from './billing';
import type { BillingFormValues } from './billing';
import { BillingFields } from './billing-fields';
import type { CreateOrderRequest, OrderLineRequest } from './checkout-types';
import { quoteMoney } from './money';
import { MoneySummary } from './order-summary';
import { Modal } from '../../components/overlays';

interface PlaceOrderModalProps {
  opened: boolean;
  onClose: () => void;
  /** What is ordered, e.g. "PostgreSQL: Business HA". */
  title: string;
  /** What is ordered: a middleware plan, a support plan, or add-ons for a cluster of the organisation. */
  lines: OrderableLine[];
  /**
   * The same lines as the quote reads them, when they differ from the order's: an add-on for a
   * cluster is ordered by the cluster's id and quoted by its tier, version and add-ons.
   */
  quoteLines?: QuoteRequest['lines'];
}

/** Lines ordered outside the configurator (clusters are ordered there). */
type OrderableLine = Extract<OrderLineRequest, { kind: 'middleware' | 'support' | 'addon' }>;
/** Lines that are ordered as they are quoted. */
type PlainLine = Extract<OrderableLine, { kind: 'middleware' | 'support' }>;

function quotedAs(lines: OrderableLine[], quoteLines: QuoteRequest['lines'] | undefined): QuoteRequest['lines'] {
  if (quoteLines) return quoteLines;
  return lines.filter((line): line is PlainLine => line.kind !== 'addon');
}

/**
 * The checkout's first step for something not ordered yet: who is billed and the promotion code,
 * with the server's quote for them; placing the order leads to its payment (or confirms it at
 * once when there is nothing to pay).
 */
export function PlaceOrderModal({ opened, onClose, title, lines, quoteLines }: PlaceOrderModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="xl"
      title={<Text fw={700}>Order {title}</Text>}
      closeButtonProps={{ 'aria-label': 'Close' }}
      data-testid="place-order-modal"
    >
      {opened ? <PlaceOrderStep lines={lines} quoteLines={quotedAs(lines, quoteLines)} onClose={onClose} /> : null}
    </Modal>
  );
}

/**
 * The organisation's billing profile, to start from: orders are taxed by its country and VAT
 * number, which the form shows but does not change. Before the first order there is none.
 */
function useBillingProfile() {
  const trpc = useTRPC();
  const options = useQuery(trpc.orders.paymentOptions.queryOptions());
  return { settled: !options.isPending, profile: options.data?.billingProfile ?? null };
}

interface PlaceOrderLines {
  lines: OrderableLine[];
  quoteLines: QuoteRequest['lines'];
  onClose: () => void;
}

function PlaceOrderStep({ lines, quoteLines, onClose }: PlaceOrderLines) {
  const user = useSessionUser();
  const { settled, profile } = useBillingProfile();
  if (!settled) return <Skeleton height={360} radius="md" aria-label="Loading your billing details" />;
  return <PlaceOrderForm lines={lines} quoteLines={quoteLines} onClose={onClose} initial={initialBilling(profile, user.companyName)} taxLocked={profile !== null} />;
}

/** A refusal of orders.create: the billing fields' messages next to them, the rest in the alert (the promotion code's under its own field). */
function billingProblems(message: string) {
  const { fields, general } = placeOrderRefusal(message);
  const { promotionCode: _promotion, ...billingFields } = fields;
  return { fields: billingFields as Record<string, string>, general };
}

function PlaceOrderForm({ lines, quoteLines, onClose, initial, taxLocked }: PlaceOrderLines & { initial: BillingFormValues; taxLocked: boolean }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { billingCycle } = usePreferences();
  const [promotionCode, setPromotionCode] = useState('');
  const [promotionError, setPromotionError] = useState<string | null>(null);
  const attempt = useRef<AttemptKey | null>(null);
  const create = useMutation({ mutationFn: (request: CreateOrderRequest) => client.orders.create.mutate(request) });
  const code = promotionCode.trim().toUpperCase();

  // Controlled: the quote follows the billing details as they are typed.
  const { form, formRef, onSubmit, submitting, error: general } = useSchemaForm({
    schema: billingInputSchema,
    initialValues: initial,
    mode: 'controlled',
    // The promotion code's refusal goes under its field (outside the form's values), set by submit.
    problemsOf: billingProblems,
    submit: async (parsed) => {
      setPromotionError(null);
      const order = { lines, cycle: billingCycle, promotionCode: code || null, billing: parsed };
      attempt.current = keyFor(attempt.current, JSON.stringify(order));
      const placed = await create.mutateAsync({ ...order, idempotencyKey: attempt.current.key }).catch((failure: unknown) => {
        if (failure instanceof Error) setPromotionError(placeOrderRefusal(failure.message).fields.promotionCode ?? null);
        throw failure;
      });
      void queryClient.invalidateQueries(trpc.orders.pathFilter());
      void queryClient.invalidateQueries(trpc.dashboard.sidebarCounts.pathFilter());
      queryClient.setQueryData(trpc.orders.get.queryKey({ id: placed.id }), placed);
      return placed;
    },
    onSuccess: (placed) => {
      if (placed.status === 'pending') {
        void navigate({ to: '/order-status/$id', params: { id: placed.id }, search: { checkout: 1 } });
      } else {
        toast({ title: 'Order confirmed', description: `${placed.summary}: nothing to pay.`, variant: 'success' });
        void navigate({ to: '/order-status/$id', params: { id: placed.id } });
      }
    },
  });
  const billing = form.values;

  const quoteRequest = useMemo((): QuoteRequest => {
    // The preview prices the VAT of the details as typed, once the VAT number is well formed.
    const vatNumber = billing.vatNumber.trim();
    const customer = quoteCustomerSchema.safeParse({ countryCode: billing.countryCode, vatNumber });
    const valid = customer.success && vatNumber !== '';
    return {
      lines: quoteLines,
      cycle: billingCycle,
      promotionCode: code || null,
      customer: { countryCode: billing.countryCode, vatNumber: valid ? vatNumber : null, isBusiness: valid },
    };
  }, [quoteLines, billingCycle, code, billing.countryCode, billing.vatNumber]);
  const server = useServerQuote(quoteRequest);
  const quote = server.status === 'success' ? server.quote : null;
  const free = quote?.totalCents === 0;
  const shownPromotionError = promotionError ?? (server.status === 'success' && code !== '' ? server.promotionError : null);

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit}>
      <Stack gap="lg">
        <Stack gap="sm">
          <Group justify="space-between" align="center">
            <Title order={3} size="h5">
              Price
            </Title>
            <BillingCycleControl size="xs" />
          </Group>
          {quote ? (
            <MoneySummary money={quoteMoney(quote)} cycle={quote.cycle} charged={false} />
          ) : server.status === 'error' ? (
            <Alert color="red" variant="light" icon={<IconInfoCircle size={18} />} data-testid="place-order-quote-error">
              {server.message}
            </Alert>
          ) : (
            <Skeleton height={140} radius="md" aria-label="Pricing your order" />
          )}
          <TextInput
            label="Promotion code"
            description="Optional. Checked now, applied when you place the order."
            placeholder="e.g. PARIS"
            value={promotionCode}
            maxLength={32}
            leftSection={<IconDiscount size={16} aria-hidden />}
            onChange={(event) => {
              setPromotionCode(event.currentTarget.value);
              setPromotionError(null);
            }}
            error={shownPromotionError}
            data-testid="place-order-promotion"
          />
        </Stack>

        <Stack gap="sm">
          <Title order={3} size="h5">
            Billing details
          </Title>
          <BillingFields form={form} disabled={submitting} taxLocked={taxLocked} />
        </Stack>

        <ErrorAlert>{general}</ErrorAlert>

        <CancelSubmitRow onCancel={onClose} holdCancel submitting={submitting} gap="sm" testId="place-order-submit">
          {free ? 'Confirm, nothing to pay' : 'Place order and pay'}
        </CancelSubmitRow>
      </Stack>
    </form>
  );
}
