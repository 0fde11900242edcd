import { Alert, Badge, Box, Button, Checkbox, Group, Paper, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { IconBuildingBank, IconCreditCard, IconFlask } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { DataTable, QueryView, type Column } from '../../components/list-kit';
import { SectionCard } from '../../components/section-card';
import { TableSkeleton } from '../../components/table-skeleton';
import { fieldRule, formRule } from '../../lib/field-rule';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { useSchemaForm } from '../../lib/use-schema-form';
import { AddMethodForm, FormFooter, MethodFieldset } from './add-method-form';
import { useBillingChange } from './billing-change';
import { KeepOrConfirm } from './dialog-buttons';
import type { PaymentMethod, PaymentMethods } from './billing-types';
// Stripe's card field and the one Stripe.js loader of the app come from the checkout.
import { CardInputs, loadStripeOnce, StripeCardField, TestCardsTable, testCardValues, type StripeCardReady } from '../checkout';
import { cardFormErrors, cardRequest, EMPTY_CARD_FORM, type CardFormValues } from './card-form';
import { EMPTY_SEPA_FORM, formatIban, sandboxSepaDetails, SETUP_UNREACHABLE, sepaFormErrors, setupResult, stripeCardSetupData, stripeSepaSetupData, type SepaFormValues } from './setup-form';
import { Modal } from '../../components/overlays';

/** Stripe's test IBAN whose debits succeed; the sandbox takes any valid IBAN of a SEPA country. */
const TEST_IBAN = 'DE89 3704 0044 0532 0130 00';

export function methodLabel(method: PaymentMethod): string {
  if (method.kind === 'bank_transfer') return 'Bank transfer';
  if (method.kind === 'sepa_debit') return `SEPA direct debit${method.last4 ? ` ending in ${method.last4}` : ''}`;
  const brand = method.brand ? method.brand.charAt(0).toUpperCase() + method.brand.slice(1) : 'Card';
  return `${brand} ending in ${method.last4 ?? '????'}`;
}

const METHODS_CAPTION = 'Saved payment methods, the default first';
const METHODS_MIN_WIDTH = 560;
// The last heading is visually hidden ("Actions"): the loading table shows none either.
const METHOD_COLUMNS = ['Method', 'Expires', 'Status', ''] as const;
/** A typical saved card under the loading row's skeletons (no buttons: it is not focusable). */
const METHOD_SAMPLE = [
  <Stack key="method" gap={0}>
    <Group gap={6} wrap="nowrap">
      <IconCreditCard size={16} aria-hidden />
      Visa •••• 4242
    </Group>
    <Text size="xs">Alice Martin</Text>
  </Stack>,
  '12/2030',
  <Badge key="status">Default</Badge>,
  // The row's compact buttons.
  <Box key="actions" h={26} w={80} />,
];

export function PaymentMethodsSection({ mayChange }: { mayChange: boolean }) {
  const trpc = useTRPC();
  const query = useQuery(trpc.billing.paymentMethods.queryOptions());
  const [adding, setAdding] = useState<'card' | 'sepa_debit' | null>(null);
  const [removing, setRemoving] = useState<PaymentMethod | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const { done, onError } = useBillingChange();

  const setDefault = useMutation(
    trpc.billing.setDefaultPaymentMethod.mutationOptions({
      onSuccess: (method) => done(`${methodLabel(method)} is now your default payment method.`),
      onError,
    }),
  );
  const remove = useMutation(
    trpc.billing.removePaymentMethod.mutationOptions({
      onSuccess() {
        const label = removing ? methodLabel(removing) : 'The payment method';
        setRemoving(null);
        done(`${label} was removed.`);
      },
      onError: (error) => setRemoveError(error.message),
    }),
  );
  const addBank = useMutation(
    trpc.billing.addPaymentMethod.mutationOptions({
      onSuccess: () => done('Bank transfer was added.'),
      onError,
    }),
  );

  const hasBank = query.data?.items.some((method) => method.kind === 'bank_transfer') ?? false;
  const methodColumns: Column<PaymentMethod>[] = [
    {
      header: 'Method',
      rowHeader: true,
      cell: (method) => (
        <>
          <Group gap={6} wrap="nowrap">
            {method.kind === 'card' ? <IconCreditCard size={16} aria-hidden /> : <IconBuildingBank size={16} aria-hidden />}
            {methodLabel(method)}
          </Group>
          {method.holderName ? (
            <Text size="xs" c="dimmed">
              {method.holderName}
            </Text>
          ) : null}
        </>
      ),
    },
    { header: 'Expires', cell: (method) => (method.expMonth && method.expYear ? `${String(method.expMonth).padStart(2, '0')}/${method.expYear}` : '—') },
    {
      header: 'Status',
      cell: (method) => (
        <Group gap={4}>
          {method.isDefault ? <Badge color="teal">Default</Badge> : null}
          {method.testMode ? (
            <Badge color="grape" variant="light" leftSection={<IconFlask size={12} aria-hidden />}>
              Test mode
            </Badge>
          ) : null}
        </Group>
      ),
    },
    {
      header: 'Actions',
      hideHeader: true,
      cell: (method) =>
        mayChange ? (
          <Group gap="xs" justify="flex-end" wrap="nowrap">
            {!method.isDefault ? (
              <Button size="compact-sm" variant="light" loading={setDefault.isPending && setDefault.variables.id === method.id} aria-label={`Make ${methodLabel(method)} the default`} onClick={() => setDefault.mutate({ id: method.id })}>
                Make default
              </Button>
            ) : null}
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              aria-label={`Remove ${methodLabel(method)}`}
              onClick={() => {
                setRemoveError(null);
                setRemoving(method);
              }}
            >
              Remove
            </Button>
          </Group>
        ) : null,
    },
  ];

  return (
    <SectionCard id="payment-methods" title="Payment methods" description="Invoices are charged to your default method. Only the last four digits and expiry of a card are kept.">
      <QueryView
        query={query}
        loading={
          <Stack gap="md">
            <TableSkeleton columns={METHOD_COLUMNS} caption={METHODS_CAPTION} minWidth={METHODS_MIN_WIDTH} sample={METHOD_SAMPLE} />
            {mayChange ? <Skeleton height={36} width={300} maw="100%" aria-hidden /> : null}
          </Stack>
        }
        errorTitle="Payment methods could not be loaded"
      >
        {(data) => (
          <Stack gap="md">
            {data.items.length === 0 ? (
              <Text size="sm" c="dimmed" data-testid="payment-methods-empty">
                No payment method yet: add one so that invoices can be paid.
              </Text>
            ) : (
              <DataTable
                rows={data.items}
                columns={methodColumns}
                rowKey={(method) => method.id}
                rowProps={(method) => ({ 'data-testid': 'payment-method-row', 'data-last4': method.last4 ?? '', 'data-default': method.isDefault })}
                caption={METHODS_CAPTION}
                minWidth={METHODS_MIN_WIDTH}
                verticalSpacing="xs"
                testId="payment-methods-table"
              />
            )}

            {mayChange ? (
              <Group gap="sm">
                {data.cardForm !== 'unavailable' && !adding ? (
                  <Button leftSection={<IconCreditCard size={16} aria-hidden />} onClick={() => setAdding('card')} data-testid="add-card">
                    Add a card
                  </Button>
                ) : null}
                {data.sepaDebitAllowed && !adding ? (
                  <Button variant="light" leftSection={<IconBuildingBank size={16} aria-hidden />} onClick={() => setAdding('sepa_debit')} data-testid="add-sepa">
                    Add a SEPA direct debit
                  </Button>
                ) : null}
                {data.bankTransferAllowed && !hasBank ? (
                  <Button variant="light" leftSection={<IconBuildingBank size={16} aria-hidden />} loading={addBank.isPending} onClick={() => addBank.mutate({ kind: 'bank_transfer' })}>
                    Pay by bank transfer
                  </Button>
                ) : null}
              </Group>
            ) : null}
            {data.cardForm === 'unavailable' ? (
              <Alert color="gray" variant="light" icon={<IconCreditCard size={18} />}>
                Cards are saved here only in test mode for now. To pay with a card, pay an order at checkout.
              </Alert>
            ) : null}
            {mayChange && adding === 'card' ? (
              data.cardForm === 'stripe' && data.publishableKey ? (
                <StripeAddCardForm publishableKey={data.publishableKey} testMode={data.testMode} onDone={() => setAdding(null)} />
              ) : (
                <AddCardForm data={data} onDone={() => setAdding(null)} />
              )
            ) : null}
            {mayChange && adding === 'sepa_debit' ? <SepaForm data={data} onDone={() => setAdding(null)} /> : null}
          </Stack>
        )}
      </QueryView>

      <Modal opened={removing !== null} onClose={() => setRemoving(null)} title="Remove this payment method?" centered>
        {removing ? (
          <Stack gap="md">
            <Text size="sm">
              {methodLabel(removing)} will no longer be charged.
              {removing.isDefault ? ' Another saved method becomes the default, if you have one.' : ''}
            </Text>
            <div role="alert" aria-atomic="true">
              {removeError ? (
                <Alert color="red" variant="light" title="Not removed" data-testid="remove-method-error">
                  {removeError}
                </Alert>
              ) : null}
            </div>
            <KeepOrConfirm keepLabel="Keep it" onKeep={() => setRemoving(null)} color="red" pending={remove.isPending} onConfirm={() => remove.mutate({ id: removing.id })} testId="confirm-remove-method">
              Remove
            </KeepOrConfirm>
          </Stack>
        ) : null}
      </Modal>
    </SectionCard>
  );
}

function AddCardForm({ data, onDone }: { data: PaymentMethods; onDone: () => void }) {
  const trpc = useTRPC();
  const { refresh } = useBillingChange();
  const add = useMutation(trpc.billing.addPaymentMethod.mutationOptions());
  const { form, formRef, onSubmit, submitting, error } = useSchemaForm({
    schema: CARD_SCHEMA,
    initialValues: EMPTY_CARD_FORM,
    submit: (_checked, values) => add.mutateAsync(cardRequest(values)),
    success: (method) => ({ title: `Card ending in ${method.last4 ?? ''} was added.`, variant: 'success' }),
    onSuccess: () => {
      void refresh();
      onDone();
    },
  });
  const fillTestCard = (number: string) => {
    form.setValues(testCardValues(number, form.getValues(), new Date()));
    form.clearErrors();
  };

  return (
    <AddMethodForm
      kind="card"
      formRef={formRef}
      onSubmit={onSubmit}
      testNotice={
        data.testMode
          ? 'Cards are saved with our payments sandbox. Use one of the test cards below; any name, a future expiry date and any 3-digit security code will do.'
          : null
      }
    >
      <MethodFieldset disabled={submitting}>
        <CardInputs inputProps={(field) => form.getInputProps(field)} onNumberChange={(number) => form.setFieldValue('number', number)} />
        <Checkbox label="Make it the default payment method" {...form.getInputProps('makeDefault', { type: 'checkbox' })} />
      </MethodFieldset>
      <TestCardsTable cards={data.testCards} outcomeHeading="When charged" disabled={submitting} onUse={fillTestCard} />
      <FormFooter error={error} errorTitle="The card was not saved" errorTestId="add-card-error" working={submitting} onCancel={onDone} submitLabel="Save the card" submitTestId="save-card" />
    </AddMethodForm>
  );
}

/** The add forms' rules, checked before anything is sent. */
const CARD_SCHEMA = formRule((values: CardFormValues) => cardFormErrors(values, new Date()));
const STRIPE_CARD_SCHEMA = z.object({ holderName: fieldRule((name: string) => (name.trim() === '' ? 'Enter the name on the card.' : null)), makeDefault: z.boolean() });
const SEPA_SCHEMA = formRule(sepaFormErrors);

/**
 * The add-card form under Stripe: the card goes into Stripe's field, Stripe.js confirms a
 * SetupIntent our server started (3-D Secure included), and our server saves what Stripe kept.
 */
function StripeAddCardForm({ publishableKey, testMode, onDone }: { publishableKey: string; testMode: boolean; onDone: () => void }) {
  const trpc = useTRPC();
  const { refresh } = useBillingChange();
  const [cardError, setCardError] = useState<string | null>(null);
  const [ready, setReady] = useState<StripeCardReady | null>(null);
  const start = useMutation(trpc.billing.startPaymentMethodSetup.mutationOptions());
  const confirm = useMutation(trpc.billing.confirmPaymentMethodSetup.mutationOptions());

  // Controlled: the holder's name is Stripe's field's. What Stripe's field says goes under it, not in the alert.
  const { form, formRef, onSubmit, submitting: working, error: serverError } = useSchemaForm({
    schema: STRIPE_CARD_SCHEMA,
    initialValues: { holderName: '', makeDefault: false },
    mode: 'controlled',
    submit: async (_checked, { holderName, makeDefault }) => {
      if (!ready) {
        setCardError("Stripe's card field has not loaded yet.");
        return;
      }
      const setup = await start.mutateAsync({ kind: 'card' });
      if (!setup.clientSecret) throw new Error('The card could not be saved right now. Try again in a few minutes.');
      let result: Awaited<ReturnType<typeof ready.stripe.confirmCardSetup>> | null;
      try {
        result = await ready.stripe.confirmCardSetup(setup.clientSecret, stripeCardSetupData(ready.card, holderName));
      } catch {
        // Stripe.js threw rather than answered: nothing was saved.
        result = null;
      }
      const next = setupResult(result);
      if (next.kind === 'error') {
        setCardError(next.message);
        return;
      }
      const method = await confirm.mutateAsync({ setupId: setup.setupId, makeDefault });
      void refresh();
      toast({ title: `${methodLabel(method)} was added.`, variant: 'success' });
      onDone();
    },
  });

  return (
    <AddMethodForm
      kind="card"
      formRef={formRef}
      onSubmit={onSubmit}
      testNotice={testMode ? 'Stripe is in test mode: use a Stripe test card such as 4242 4242 4242 4242 with any future expiry date and any security code.' : null}
    >
      <StripeCardField
        publishableKey={publishableKey}
        holderName={form.values.holderName}
        holderNameError={(form.errors.holderName as string | undefined) ?? null}
        onHolderNameChange={(value) => form.setFieldValue('holderName', value)}
        error={cardError}
        onCardError={setCardError}
        onReady={setReady}
        disabled={working}
        load={loadStripeOnce}
      />
      <Checkbox label="Make it the default payment method" disabled={working} {...form.getInputProps('makeDefault', { type: 'checkbox' })} />
      <Text size="xs" c="dimmed">
        The card is saved with Stripe so that invoices can be charged to it while you are away; your bank may ask you to confirm it now.
      </Text>
      <FormFooter error={serverError} errorTitle="The card was not saved" errorTestId="add-card-error" working={working} onCancel={onDone} submitLabel="Save the card" submitTestId="save-card" />
    </AddMethodForm>
  );
}

/**
 * A SEPA direct debit mandate, where staff allowed invoicing: the IBAN and holder, and the mandate
 * text the holder accepts. With Stripe the IBAN goes to Stripe.js (confirmSepaDebitSetup), which
 * records the acceptance; with the sandbox our server checks it and keeps its last four digits.
 */
function SepaForm({ data, onDone }: { data: PaymentMethods; onDone: () => void }) {
  const trpc = useTRPC();
  const { refresh } = useBillingChange();
  const start = useMutation(trpc.billing.startPaymentMethodSetup.mutationOptions());
  const confirm = useMutation(trpc.billing.confirmPaymentMethodSetup.mutationOptions());

  const save = async (values: SepaFormValues) => {
    const setup = await start.mutateAsync({ kind: 'sepa_debit' });
    let method;
    if (setup.provider === 'stripe') {
      if (!setup.clientSecret || !setup.publishableKey) throw new Error('The account could not be saved right now. Try again in a few minutes.');
      const stripe = await loadStripeOnce(setup.publishableKey).catch(() => null);
      if (!stripe) throw new Error(SETUP_UNREACHABLE);
      let result: Awaited<ReturnType<typeof stripe.confirmSepaDebitSetup>> | null;
      try {
        result = await stripe.confirmSepaDebitSetup(setup.clientSecret, stripeSepaSetupData(values));
      } catch {
        result = null;
      }
      const next = setupResult(result);
      if (next.kind === 'error') throw new Error(next.message);
      method = await confirm.mutateAsync({ setupId: setup.setupId, makeDefault: values.makeDefault });
    } else {
      method = await confirm.mutateAsync({ setupId: setup.setupId, makeDefault: values.makeDefault, details: sandboxSepaDetails(values) });
    }
    return method;
  };
  const { form, formRef, onSubmit, submitting: working, error: serverError } = useSchemaForm({
    schema: SEPA_SCHEMA,
    initialValues: EMPTY_SEPA_FORM,
    submit: (_checked, values) => save(values),
    success: (method) => ({ title: `${methodLabel(method)} was added.`, variant: 'success' }),
    onSuccess: () => {
      void refresh();
      onDone();
    },
  });

  return (
    <AddMethodForm
      kind="sepa_debit"
      formRef={formRef}
      onSubmit={onSubmit}
      testNotice={
        data.testMode ? (
          <Stack gap={4} align="flex-start">
            <Text size="sm">Use the test IBAN {TEST_IBAN}; its debits succeed.</Text>
            <Button size="compact-xs" variant="light" disabled={working} onClick={() => form.setFieldValue('iban', TEST_IBAN)}>
              Use the test IBAN
            </Button>
          </Stack>
        ) : null
      }
    >
      <MethodFieldset disabled={working}>
        <TextInput label="Account holder" autoComplete="name" key={form.key('holderName')} {...form.getInputProps('holderName')} />
        <TextInput label="Email" description="Where notices of each debit go, 2 days before it." type="email" autoComplete="email" key={form.key('email')} {...form.getInputProps('email')} />
        <TextInput
          label="IBAN"
          autoComplete="off"
          spellCheck={false}
          key={form.key('iban')}
          {...form.getInputProps('iban')}
          onBlur={(event) => form.setFieldValue('iban', formatIban(event.currentTarget.value))}
        />
        <Paper withBorder p="sm" radius="sm" bg="var(--mantine-color-default-hover)">
          <Text size="xs" id="sepa-mandate-text" data-testid="sepa-mandate-text">
            {data.sepaMandateText}
          </Text>
        </Paper>
        <Checkbox
          label="I accept this mandate for the account above"
          aria-describedby="sepa-mandate-text"
          key={form.key('mandateAccepted')}
          {...form.getInputProps('mandateAccepted', { type: 'checkbox' })}
        />
        <Checkbox label="Make it the default payment method" key={form.key('makeDefault')} {...form.getInputProps('makeDefault', { type: 'checkbox' })} />
      </MethodFieldset>
      <FormFooter error={serverError} errorTitle="The account was not saved" errorTestId="add-sepa-error" working={working} onCancel={onDone} submitLabel="Save the account" submitTestId="save-sepa" />
    </AddMethodForm>
  );
}
