import { Alert, Badge, Button, Card, Checkbox, Group, Radio, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { roleCan } from '@kubemarket/shared';
import { IconAlertCircle, IconCreditCard, IconFlask, IconInfoCircle, IconLock } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { QueryErrorAlert } from '../../components/query-error-alert';
import { httpStatusOf } from '../../lib/api-errors';
import { formRule } from '../../lib/field-rule';
import { focusFirstInvalidSoon } from '../../lib/focus-invalid';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useSessionUser } from '../auth';
import { keyFor } from './attempt-key';
import type { AttemptKey } from './attempt-key';
import { AuthenticationModal } from './authentication-modal';
import { BillingDetailsView } from './billing-fields';
import { cardErrors, cardMethod, EMPTY_CARD } from './card';
import { CardInputs, TestCardsTable, testCardValues } from './card-fields';
import type { CardFormValues } from './card';
import type { CheckoutMethod, CheckoutOrder, PaymentMethodRequest, PaymentOptions, PayResult } from './checkout-types';
import { euros, orderMoney } from './money';
import { MoneySummary } from './order-summary';
import { payFailure, payOutcome } from './outcome';
import { StripeCardField } from './stripe-card';
import type { StripeCardReady } from './stripe-card';
import {
  loadStripeOnce,
  resumableStripeRequest,
  STRIPE_UNREACHABLE,
  stripeActionStep,
  stripeBillingDetails,
  stripeErrorMessage,
  stripeKeyFor,
} from './stripe-payment';

const METHOD_LABELS: Record<CheckoutMethod, string> = {
  card: 'Card',
  stripe: 'Card, through Stripe',
  bank_transfer: 'Bank transfer',
};

type Notice =
  | { kind: 'declined'; reason: string }
  | { kind: 'error'; message: string; advice: string | null }
  | { kind: 'processing' }
  /** A Stripe payment awaits the bank's confirmation; `message` is Stripe's, when its step failed. */
  | { kind: 'stripe_action'; message: string | null; canConfirm: boolean };

interface CheckoutProps {
  order: CheckoutOrder;
  /** Closes the checkout (the order stays awaiting payment). */
  onClose?: () => void;
}

/**
 * The one checkout of every order: its summary at the prices stored with it, who is billed, the
 * payment methods this organisation may use, and Pay. Each payment attempt carries its own key:
 * a double click or a retry after a dropped connection is the same attempt and is charged at most
 * once; after the server's answer (declined, say) the next Pay is a new attempt.
 */
export function Checkout({ order, onClose }: CheckoutProps) {
  const user = useSessionUser();
  const trpc = useTRPC();
  const options = useQuery(trpc.orders.paymentOptions.queryOptions());
  const mayPay = roleCan(user.organizationRole, 'billing:write');

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="checkout-title" data-testid="checkout">
      <Stack gap="lg">
        <Group justify="space-between" align="center" wrap="wrap" gap="sm">
          <Title order={2} size="h3" id="checkout-title">
            Checkout
          </Title>
          {options.data?.testMode ? (
            <Badge color="grape.8" variant="filled" leftSection={<IconFlask size={14} aria-hidden />} data-testid="test-mode-badge">
              Test mode
            </Badge>
          ) : null}
        </Group>

        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl" verticalSpacing="lg">
          <Stack gap="md">
            <Title order={3} size="h5">
              Order summary
            </Title>
            <Text size="sm" c="dimmed">
              {order.summary} · order <code>{order.id}</code>
            </Text>
            <MoneySummary money={orderMoney(order)} cycle={order.cycle} charged />
            <Title order={3} size="h5">
              Billing details
            </Title>
            <BillingDetailsView billing={order.billing} />
          </Stack>

          <Stack gap="md">
            <Title order={3} size="h5">
              Payment
            </Title>
            {!mayPay ? (
              <Alert variant="light" color="gray" icon={<IconLock size={18} />} data-testid="checkout-not-allowed">
                Paying needs the owner, administrator or billing manager role in your organisation. Ask one of them to pay: this order awaits them
                on its status page.
              </Alert>
            ) : options.isPending ? (
              <Skeleton height={220} radius="md" aria-label="Loading payment methods" />
            ) : options.error ? (
              <QueryErrorAlert title="Payment methods could not be loaded" query={options} />
            ) : (
              <PaymentForm order={order} options={options.data} />
            )}
          </Stack>
        </SimpleGrid>

        {onClose ? (
          <Group justify="flex-end">
            <Button variant="subtle" color="gray" onClick={onClose} data-testid="checkout-close">
              Close checkout
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}

/** The choice of a new card among the saved methods. */
const NEW_CARD = 'new';

function PaymentForm({ order, options }: { order: CheckoutOrder; options: PaymentOptions }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [method, setMethod] = useState<CheckoutMethod>(options.methods[0] ?? 'card');
  // A saved card or mandate (the default first), or a new card (issue 31); a new card may be kept.
  const [savedChoice, setSavedChoice] = useState<string>(options.savedMethods[0]?.id ?? NEW_CARD);
  const [saveCard, setSaveCard] = useState(false);
  const payingSaved = method !== 'bank_transfer' && savedChoice !== NEW_CARD && options.savedMethods.some((saved) => saved.id === savedChoice);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [authentication, setAuthentication] = useState<{ paymentId: string; answering: 'complete' | 'cancel' | null } | null>(null);
  const attempt = useRef<AttemptKey | null>(null);
  const inFlight = useRef(false);
  // Stripe: the name on the card is ours, the card is in Stripe's field; null until that field is ready.
  const [holderName, setHolderName] = useState('');
  const [holderNameError, setHolderNameError] = useState<string | null>(null);
  const [stripeCard, setStripeCard] = useState<StripeCardReady | null>(null);
  const [stripeCardError, setStripeCardError] = useState<string | null>(null);
  const [stripeWorking, setStripeWorking] = useState<'card' | 'confirming' | null>(null);
  const publishableKey = options.provider === 'stripe' ? options.publishableKey : null;
  const stripeKey = stripeKeyFor(options, method);

  const pay = useMutation({ mutationFn: (request: Parameters<typeof client.orders.pay.mutate>[0]) => client.orders.pay.mutate(request) });
  const authenticate = useMutation({
    mutationFn: (request: Parameters<typeof client.orders.completeAuthentication.mutate>[0]) => client.orders.completeAuthentication.mutate(request),
  });

  const refresh = (result?: PayResult) => {
    if (result) queryClient.setQueryData(trpc.orders.get.queryKey({ id: order.id }), result.order);
    void queryClient.invalidateQueries(trpc.orders.pathFilter());
    void queryClient.invalidateQueries(trpc.dashboard.sidebarCounts.pathFilter());
  };

  /** `afterConfirmation`: the answer came right after Stripe's confirmation step, with Stripe's error if any. */
  const handleResult = (result: PayResult, afterConfirmation: { message: string | null } | null = null) => {
    refresh(result);
    const outcome = payOutcome(result);
    // Answered: whatever comes next is a new attempt, with a new key.
    attempt.current = null;
    switch (outcome.kind) {
      case 'paid':
        setAuthentication(null);
        void navigate({ to: '/payment-success', search: { order: order.id } });
        return;
      case 'authenticate':
        setAuthentication({ paymentId: outcome.paymentId, answering: null });
        return;
      case 'declined':
        setAuthentication(null);
        setNotice({ kind: 'declined', reason: outcome.reason });
        return;
      case 'stripe_action': {
        setAuthentication(null);
        const step = stripeActionStep(outcome, publishableKey, afterConfirmation);
        if (step.kind === 'confirm') void confirmWithStripe(step.paymentId, step.clientSecret);
        else setNotice({ kind: 'stripe_action', message: step.message, canConfirm: step.canConfirm });
        return;
      }
      default:
        setAuthentication(null);
        setNotice({ kind: outcome.kind });
    }
  };

  const handleError = (error: Error) => {
    const failure = payFailure(httpStatusOf(error), error.message);
    if (!failure.sameAttempt) attempt.current = null;
    setAuthentication(null);
    setNotice({ kind: 'error', message: failure.message, advice: failure.advice });
    // The order may have changed (re-priced, paid by someone else meanwhile): show it as it is now.
    refresh();
  };

  const submit = (card: CardFormValues): void => {
    if (inFlight.current || busy || tooSmall || (method === 'stripe' && stripeCard === null && !payingSaved)) return;
    let request: PaymentMethodRequest;
    if (payingSaved) {
      request = { kind: 'saved', paymentMethodId: savedChoice };
    } else if (method === 'card') {
      request = { ...cardMethod(card), ...(saveCard && options.canSaveCards ? { save: true } : {}) };
    } else if (method === 'bank_transfer') {
      request = { kind: 'bank_transfer' };
    } else {
      void payWithStripe();
      return;
    }
    send(request);
  };

  const send = (request: PaymentMethodRequest) => {
    attempt.current = keyFor(attempt.current, JSON.stringify(request));
    inFlight.current = true;
    setNotice(null);
    pay.mutate(
      { id: order.id, paymentIdempotencyKey: attempt.current.key, method: request },
      {
        onSuccess: (result) => handleResult(result),
        onError: handleError,
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  };

  /**
   * Stripe: the card becomes a PaymentMethod in Stripe.js, and its id is what orders.pay gets. An
   * attempt whose answer never came is sent again as it was (the same PaymentMethod and key).
   */
  const payWithStripe = async () => {
    const resumed = resumableStripeRequest(attempt.current);
    if (resumed) {
      send(resumed);
      return;
    }
    const name = holderName.trim();
    setHolderNameError(name ? null : 'Enter the name on the card.');
    if (!stripeCard) {
      setStripeCardError("Stripe's card field has not loaded yet.");
      return;
    }
    if (!name) {
      focusFirstInvalidSoon(formRef);
      return;
    }
    inFlight.current = true;
    setNotice(null);
    setStripeWorking('card');
    let created: Awaited<ReturnType<typeof stripeCard.stripe.createPaymentMethod>> | null = null;
    try {
      created = await stripeCard.stripe.createPaymentMethod({ type: 'card', card: stripeCard.card, billing_details: stripeBillingDetails(name, order.billing) });
    } catch {
      // Stripe.js threw rather than answered (an integration error): nothing reached our server.
    } finally {
      setStripeWorking(null);
    }
    if (!created?.paymentMethod) {
      inFlight.current = false;
      setStripeCardError(stripeErrorMessage(created?.error));
      return;
    }
    setStripeCardError(null);
    send({ kind: 'stripe', paymentMethodId: created.paymentMethod.id, ...(saveCard && options.canSaveCards ? { save: true } : {}) });
  };

  /** Stripe's step (3-D Secure) in Stripe.js, then our server reads what came of it from Stripe. */
  const confirmWithStripe = async (paymentId: string, clientSecret: string) => {
    if (!publishableKey) return;
    setStripeWorking('confirming');
    let message: string | null = null;
    try {
      const stripe = await loadStripeOnce(publishableKey);
      if (!stripe) message = STRIPE_UNREACHABLE;
      else {
        const { error } = await stripe.handleNextAction({ clientSecret });
        if (error) message = stripeErrorMessage(error);
      }
    } catch {
      message = STRIPE_UNREACHABLE;
    } finally {
      setStripeWorking(null);
    }
    authenticate.mutate({ id: order.id, paymentId, approved: true }, { onSuccess: (result) => handleResult(result, { message }), onError: handleError });
  };

  /** A Stripe payment left awaiting confirmation: the server hands its client secret over again. */
  const confirmWaiting = (paymentId: string) => {
    setNotice(null);
    authenticate.mutate({ id: order.id, paymentId, approved: true }, { onSuccess: (result) => handleResult(result), onError: handleError });
  };

  const answer = (approved: boolean) => {
    if (!authentication || authentication.answering) return;
    setAuthentication({ ...authentication, answering: approved ? 'complete' : 'cancel' });
    authenticate.mutate({ id: order.id, paymentId: authentication.paymentId, approved }, { onSuccess: (result) => handleResult(result), onError: handleError });
  };

  // A payment left at its authentication step (the page was reloaded during it) can still be answered.
  const waiting = [...order.payments]
    .reverse()
    .find((payment) => payment.status === 'requires_action' && payment.provider === options.provider && (payment.provider === 'sandbox' || publishableKey !== null));
  const underWay = order.payments.some((payment) => payment.status === 'pending' || (payment.status === 'processing' && payment.provider !== 'bank_transfer'));
  const tooSmall = method !== 'bank_transfer' && order.totalCents < options.minimumCardChargeCents;
  const busy = pay.isPending || authenticate.isPending || stripeWorking !== null;
  // A new card typed in is checked before anything is sent; the payment's answers are notices (CheckoutNotice), not the form's alert.
  const { form, formRef, onSubmit } = useSchemaForm({
    schema: formRule((card: CardFormValues) => (method === 'card' && !payingSaved ? cardErrors(card, new Date()) : {})),
    initialValues: EMPTY_CARD,
    mode: 'controlled',
    submit: (_checked, card) => submit(card),
  });
  const cardProblems = method === 'card' && !payingSaved ? Object.values(form.errors).filter(Boolean).length : 0;

  // A form, so that Enter in a field pays as the button does.
  return (
    <form ref={formRef} noValidate aria-label="Payment" onSubmit={onSubmit}>
      <Stack gap="md">
        {options.testMode && options.provider === 'sandbox' ? (
          <Alert color="grape" variant="light" icon={<IconFlask size={18} />} title="Test mode — no real money moves" data-testid="test-mode-notice">
            Payments here go to our payments sandbox. Use one of the test cards below; any name, a future expiry date and any 3-digit security code
            will do.
          </Alert>
        ) : null}
        {options.testMode && options.provider === 'stripe' ? (
          <Alert color="grape" variant="light" icon={<IconFlask size={18} />} title="Test mode — no real money moves" data-testid="test-mode-notice">
            Stripe takes the payment in test mode. Use one of Stripe&apos;s test cards, such as 4242 4242 4242 4242, with any future expiry date and
            any security code.
          </Alert>
        ) : null}

        {options.methods.length > 1 ? (
          <Radio.Group label="Payment method" value={method} onChange={(value) => setMethod(value as CheckoutMethod)} data-testid="payment-method">
            <Stack gap="xs" mt="xs">
              {options.methods.map((candidate) => (
                <Radio key={candidate} value={candidate} label={METHOD_LABELS[candidate]} disabled={busy} />
              ))}
            </Stack>
          </Radio.Group>
        ) : (
          <Text size="sm">
            Payment method: <strong>{METHOD_LABELS[method]}</strong>
          </Text>
        )}

        {waiting ? (
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} data-testid="authentication-waiting">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">A payment of {euros(waiting.amountCents)} awaits your bank&apos;s confirmation.</Text>
              <Button
                size="xs"
                onClick={() => (waiting.provider === 'sandbox' ? setAuthentication({ paymentId: waiting.id, answering: null }) : confirmWaiting(waiting.id))}
                loading={stripeWorking === 'confirming'}
                disabled={busy}
              >
                Confirm the payment
              </Button>
            </Stack>
          </Alert>
        ) : null}

        {method !== 'bank_transfer' && options.savedMethods.length > 0 ? (
          <Radio.Group label="Pay with" value={savedChoice} onChange={setSavedChoice} data-testid="saved-methods">
            <Stack gap="xs" mt="xs">
              {options.savedMethods.map((saved) => (
                <Radio key={saved.id} value={saved.id} label={`${saved.label}${saved.isDefault ? ' (default)' : ''}`} disabled={busy} data-testid="saved-method" />
              ))}
              <Radio value={NEW_CARD} label="A new card" disabled={busy} />
            </Stack>
          </Radio.Group>
        ) : null}
        {method === 'card' && !payingSaved ? <CardForm form={form} options={options} disabled={busy} /> : null}
        {(method === 'card' || (method === 'stripe' && stripeKey)) && !payingSaved && options.canSaveCards ? (
          <Checkbox
            label="Save this card for later payments"
            description="Kept for your organisation once it has paid; the next order pays without entering it again. Remove it any time on the Billing page."
            checked={saveCard}
            onChange={(event) => setSaveCard(event.currentTarget.checked)}
            disabled={busy}
            data-testid="save-card"
          />
        ) : null}
        {method === 'stripe' && stripeKey && !payingSaved ? (
          <StripeCardField
            publishableKey={stripeKey}
            holderName={holderName}
            holderNameError={holderNameError}
            onHolderNameChange={(value) => {
              setHolderName(value);
              if (value.trim()) setHolderNameError(null);
            }}
            error={stripeCardError}
            onCardError={setStripeCardError}
            onReady={setStripeCard}
            disabled={busy}
          />
        ) : null}
        {method === 'stripe' && !stripeKey && !payingSaved ? (
          <Alert color="gray" variant="light" icon={<IconCreditCard size={18} />} data-testid="stripe-unavailable">
            Card payments are taken by Stripe&apos;s card field, which this console is not set up to load, so nothing can be charged here:{' '}
            {options.methods.includes('bank_transfer') ? 'pay by bank transfer, or ' : ''}contact billing support to pay this order.
          </Alert>
        ) : null}
        {method === 'bank_transfer' ? (
          <Text size="sm" data-testid="bank-transfer-terms">
            The order is confirmed now and delivered at once. We send an invoice of {euros(order.totalCents)}, due within {options.invoiceDueDays} days,
            with our bank details.
          </Text>
        ) : null}

        {tooSmall ? (
          <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />}>
            Card payments start at {euros(options.minimumCardChargeCents)}; this order comes to {euros(order.totalCents)}. Contact billing support to pay
            it.
          </Alert>
        ) : null}
        {underWay ? (
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
            A payment for this order is being processed. This page updates when it is settled.
          </Alert>
        ) : null}

        <CheckoutNotice notice={notice} />
        {cardProblems > 0 ? (
          <Text size="sm" c="red.8" role="alert" data-testid="card-errors">
            {cardProblems === 1 ? 'One card detail needs correcting.' : `${cardProblems} card details need correcting.`}
          </Text>
        ) : null}

        <Button
          type="submit"
          size="md"
          loading={pay.isPending || stripeWorking !== null}
          disabled={busy || (method === 'stripe' && stripeCard === null && !payingSaved) || tooSmall}
          leftSection={<IconLock size={18} aria-hidden />}
          data-testid="pay-button"
        >
          {method === 'bank_transfer' ? `Confirm and pay ${euros(order.totalCents)} by bank transfer` : `Pay ${euros(order.totalCents)}`}
        </Button>

        <AuthenticationModal
          opened={authentication !== null}
          amountCents={order.totalCents}
          pending={authentication?.answering ?? null}
          onAnswer={answer}
        />
      </Stack>
    </form>
  );
}

function CheckoutNotice({ notice }: { notice: Notice | null }) {
  let content: ReactNode = null;
  let title = '';
  let color = 'red';
  if (notice?.kind === 'declined') {
    title = 'Payment declined';
    content = (
      <>
        <Text size="sm" data-testid="decline-reason">
          {notice.reason}
        </Text>
        <Text size="sm">Nothing was charged and the order still awaits payment. Check the details or use another card, then press Pay again.</Text>
      </>
    );
  } else if (notice?.kind === 'error') {
    title = 'The payment did not go through';
    content = (
      <>
        <Text size="sm" data-testid="payment-error">
          {notice.message}
        </Text>
        {notice.advice ? <Text size="sm">{notice.advice}</Text> : null}
      </>
    );
  } else if (notice?.kind === 'processing') {
    title = 'Payment processing';
    color = 'blue';
    content = <Text size="sm">Your payment is being processed. This page updates when it is settled; there is no need to pay again.</Text>;
  } else if (notice?.kind === 'stripe_action') {
    title = 'Confirmation needed';
    content = notice.canConfirm ? (
      <>
        {notice.message ? (
          <Text size="sm" data-testid="stripe-error">
            {notice.message}
          </Text>
        ) : null}
        <Text size="sm">
          Your bank asks you to confirm this payment, and it has not been confirmed, so nothing was charged yet. Press Confirm the payment to try
          again, or pay with another card.
        </Text>
      </>
    ) : (
      <Text size="sm">Your bank asks to confirm this payment in Stripe&apos;s card form, which is not available here. Contact billing support.</Text>
    );
  }
  // Always in the page, so that screen readers announce what appears in it.
  return (
    <div role="alert" aria-atomic="true">
      {content ? (
        <Alert color={color} variant="light" icon={<IconAlertCircle size={18} />} title={title} data-testid="checkout-notice" data-kind={notice?.kind}>
          <Stack gap={4}>{content}</Stack>
        </Alert>
      ) : null}
    </div>
  );
}

function CardForm({ form, options, disabled }: { form: UseFormReturnType<CardFormValues>; options: PaymentOptions; disabled: boolean }) {
  const fillTestCard = (number: string) => {
    form.setValues(testCardValues(number, form.getValues(), new Date()));
    form.clearErrors();
  };
  return (
    <Stack gap="sm">
      <fieldset disabled={disabled} style={{ border: 0, margin: 0, padding: 0, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 'var(--mantine-spacing-sm)' }}>
        <Text component="legend" size="sm" fw={600} p={0} mb="xs">
          Card details
        </Text>
        <CardInputs inputProps={(field) => form.getInputProps(field)} onNumberChange={(number) => form.setFieldValue('number', number)} />
      </fieldset>
      <TestCardsTable cards={options.testCards} outcomeHeading="What happens" disabled={disabled} onUse={fillTestCard} />
    </Stack>
  );
}
