import { Alert, Badge, Button, Checkbox, Group, Modal, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconBuildingBank, IconCreditCard, IconFlask } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryErrorAlert } from '../../components/query-error-alert';
import { SectionCard } from '../../components/section-card';
import { useTRPC } from '../../lib/trpc';
import type { PaymentMethod, PaymentMethods } from './billing-types';
import { CardInputs, TestCardsTable, testCardValues } from '../checkout';
import { cardFormErrors, cardRequest, EMPTY_CARD_FORM, type CardFormValues } from './card-form';

export function methodLabel(method: PaymentMethod): string {
  if (method.kind === 'bank_transfer') return 'Bank transfer';
  if (method.kind === 'sepa_debit') return `SEPA direct debit${method.last4 ? ` ending in ${method.last4}` : ''}`;
  const brand = method.brand ? method.brand.charAt(0).toUpperCase() + method.brand.slice(1) : 'Card';
  return `${brand} ending in ${method.last4 ?? '????'}`;
}

export function PaymentMethodsSection({ mayChange }: { mayChange: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const query = useQuery(trpc.billing.paymentMethods.queryOptions());
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<PaymentMethod | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries(trpc.billing.pathFilter());
  const onError = (error: { message: string }) => notifications.show({ title: 'Error', message: error.message, color: 'red' });

  const setDefault = useMutation(
    trpc.billing.setDefaultPaymentMethod.mutationOptions({
      onSuccess(method) {
        void refresh();
        notifications.show({ message: `${methodLabel(method)} is now your default payment method.`, color: 'green' });
      },
      onError,
    }),
  );
  const remove = useMutation(
    trpc.billing.removePaymentMethod.mutationOptions({
      onSuccess() {
        const label = removing ? methodLabel(removing) : 'The payment method';
        setRemoving(null);
        void refresh();
        notifications.show({ message: `${label} was removed.`, color: 'green' });
      },
      onError: (error) => setRemoveError(error.message),
    }),
  );
  const addBank = useMutation(
    trpc.billing.addPaymentMethod.mutationOptions({
      onSuccess() {
        void refresh();
        notifications.show({ message: 'Bank transfer was added.', color: 'green' });
      },
      onError,
    }),
  );

  const data = query.data;
  const hasBank = data?.items.some((method) => method.kind === 'bank_transfer') ?? false;
  return (
    <SectionCard id="payment-methods" title="Payment methods" description="Invoices are charged to your default method. Only the last four digits and expiry of a card are kept.">
      {query.error ? (
        <QueryErrorAlert title="Payment methods could not be loaded" error={query.error} retrying={query.isRefetching} onRetry={() => void query.refetch()} />
      ) : !data ? (
        <Skeleton height={80} />
      ) : (
        <Stack gap="md">
          {data.items.length === 0 ? (
            <Text size="sm" c="dimmed" data-testid="payment-methods-empty">
              No payment method yet: add one so that invoices can be paid.
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table data-testid="payment-methods-table" verticalSpacing="xs">
                <Table.Caption>Saved payment methods, the default first</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Method</Table.Th>
                    <Table.Th scope="col">Expires</Table.Th>
                    <Table.Th scope="col">Status</Table.Th>
                    <Table.Th scope="col">
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.items.map((method) => (
                    <Table.Tr key={method.id} data-testid="payment-method-row" data-last4={method.last4 ?? ''} data-default={method.isDefault}>
                      <Table.Th scope="row" fw={500}>
                        <Group gap={6} wrap="nowrap">
                          {method.kind === 'card' ? <IconCreditCard size={16} aria-hidden /> : <IconBuildingBank size={16} aria-hidden />}
                          {methodLabel(method)}
                        </Group>
                        {method.holderName ? (
                          <Text size="xs" c="dimmed">
                            {method.holderName}
                          </Text>
                        ) : null}
                      </Table.Th>
                      <Table.Td>{method.expMonth && method.expYear ? `${String(method.expMonth).padStart(2, '0')}/${method.expYear}` : '—'}</Table.Td>
                      <Table.Td>
                        <Group gap={4}>
                          {method.isDefault ? <Badge color="teal">Default</Badge> : null}
                          {method.testMode ? (
                            <Badge color="grape.8" variant="light" leftSection={<IconFlask size={12} aria-hidden />}>
                              Test mode
                            </Badge>
                          ) : null}
                        </Group>
                      </Table.Td>
                      <Table.Td>
                        {mayChange ? (
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
                        ) : null}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}

          {mayChange ? (
            <Group gap="sm">
              {data.cardForm === 'sandbox' && !adding ? (
                <Button leftSection={<IconCreditCard size={16} aria-hidden />} onClick={() => setAdding(true)} data-testid="add-card">
                  Add a card
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
          {mayChange && adding ? <AddCardForm data={data} onDone={() => setAdding(false)} /> : null}
        </Stack>
      )}

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
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setRemoving(null)}>
                Keep it
              </Button>
              <Button color="red" loading={remove.isPending} onClick={() => remove.mutate({ id: removing.id })} data-testid="confirm-remove-method">
                Remove
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </SectionCard>
  );
}

function AddCardForm({ data, onDone }: { data: PaymentMethods; onDone: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<CardFormValues>({ mode: 'uncontrolled', initialValues: EMPTY_CARD_FORM, validate: (values) => cardFormErrors(values, new Date()) });
  const add = useMutation(
    trpc.billing.addPaymentMethod.mutationOptions({
      onSuccess(method) {
        void queryClient.invalidateQueries(trpc.billing.pathFilter());
        notifications.show({ message: `Card ending in ${method.last4 ?? ''} was added.`, color: 'green' });
        onDone();
      },
      onError: (error) => setServerError(error.message),
    }),
  );
  const fillTestCard = (number: string) => {
    form.setValues(testCardValues(number, form.getValues(), new Date()));
    form.clearErrors();
  };

  return (
    <form
      noValidate
      aria-labelledby="add-card-title"
      data-testid="add-card-form"
      onSubmit={form.onSubmit((values) => {
        setServerError(null);
        add.mutate(cardRequest(values));
      })}
    >
      <Stack gap="sm">
        <Text id="add-card-title" fw={600}>
          Add a card
        </Text>
        {data.testMode ? (
          <Alert color="grape" variant="light" icon={<IconFlask size={18} />} title="Test mode — no real money moves" data-testid="test-mode-notice">
            Cards are saved with our payments sandbox. Use one of the test cards below; any name, a future expiry date and any 3-digit security code will do.
          </Alert>
        ) : null}
        <fieldset disabled={add.isPending} style={{ border: 0, margin: 0, padding: 0, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 'var(--mantine-spacing-sm)' }}>
          <CardInputs inputProps={(field) => form.getInputProps(field)} onNumberChange={(number) => form.setFieldValue('number', number)} />
          <Checkbox label="Make it the default payment method" {...form.getInputProps('makeDefault', { type: 'checkbox' })} />
        </fieldset>
        <TestCardsTable cards={data.testCards} outcomeHeading="When charged" disabled={add.isPending} onUse={fillTestCard} />
        <div role="alert" aria-atomic="true">
          {serverError ? (
            <Alert color="red" variant="light" title="The card was not saved" data-testid="add-card-error">
              {serverError}
            </Alert>
          ) : null}
        </div>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={add.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={add.isPending} data-testid="save-card">
            Save the card
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
