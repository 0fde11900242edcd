import { Alert, Button, Group, Input, Loader, Stack, Text, TextInput } from '@mantine/core';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { IconAlertCircle, IconLock } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { loadStripeOnce } from './stripe-payment';
import type { LoadStripe } from './stripe-payment';

/** The loaded card field, for the checkout to create the PaymentMethod with. */
export interface StripeCardReady {
  stripe: Stripe;
  card: StripeCardElement;
}

interface StripeCardFieldProps {
  publishableKey: string;
  holderName: string;
  holderNameError: string | null;
  onHolderNameChange: (value: string) => void;
  /** Stripe's message for what was typed or refused, shown under the card field. */
  error: string | null;
  /** Stripe's live check of what is typed (null once it is fine). */
  onCardError: (message: string | null) => void;
  /** The field is ready to take a card, or gone (null). */
  onReady: (ready: StripeCardReady | null) => void;
  disabled: boolean;
  /** Tests and previews: how Stripe.js is loaded. */
  load?: LoadStripe;
}

type Status = 'loading' | 'ready' | 'failed';

/**
 * The card form under Stripe: the name on the card is ours, the card itself goes into Stripe's
 * Card Element, an iframe from js.stripe.com whose content this page can neither read nor style
 * beyond the few properties Stripe passes in. Stripe.js is loaded when this form first shows.
 */
export function StripeCardField({
  publishableKey,
  holderName,
  holderNameError,
  onHolderNameChange,
  error,
  onCardError,
  onReady,
  disabled,
  load = loadStripeOnce,
}: StripeCardFieldProps) {
  const container = useRef<HTMLDivElement>(null);
  const card = useRef<StripeCardElement | null>(null);
  const [focused, setFocused] = useState(false);
  const [reloads, setReloads] = useState(0);
  // Each load is tagged: a result of an earlier key or try does not count for this one.
  const tag = `${publishableKey}#${reloads}`;
  const [result, setResult] = useState<{ tag: string; status: Exclude<Status, 'loading'> } | null>(null);
  const status: Status = result?.tag === tag ? result.status : 'loading';
  const labelId = useId();
  // The latest callbacks, without mounting Stripe's field again whenever the parent re-renders.
  const callbacks = useRef({ onCardError, onReady });
  useEffect(() => {
    callbacks.current = { onCardError, onReady };
  });

  useEffect(() => {
    let cancelled = false;
    let element: StripeCardElement | null = null;
    load(publishableKey).then(
      (stripe) => {
        const target = container.current;
        if (cancelled) return;
        if (!stripe || !target) {
          setResult({ tag, status: 'failed' });
          return;
        }
        // The iframe cannot read our CSS variables: hand it the page's computed text style.
        const computed = getComputedStyle(target);
        element = stripe.elements().create('card', {
          hidePostalCode: true,
          disableLink: true,
          style: {
            base: { color: computed.color, fontFamily: computed.fontFamily, fontSize: '16px', '::placeholder': { color: '#868e96' } },
            invalid: { color: '#e03131', iconColor: '#e03131' },
          },
        });
        const mounted = element;
        card.current = mounted;
        mounted.on('change', (event) => callbacks.current.onCardError(event.error ? event.error.message : null));
        mounted.on('focus', () => setFocused(true));
        mounted.on('blur', () => setFocused(false));
        mounted.on('ready', () => {
          if (cancelled) return;
          setResult({ tag, status: 'ready' });
          callbacks.current.onReady({ stripe, card: mounted });
        });
        mounted.mount(target);
      },
      () => {
        if (!cancelled) setResult({ tag, status: 'failed' });
      },
    );
    return () => {
      cancelled = true;
      card.current = null;
      callbacks.current.onReady(null);
      element?.destroy();
    };
  }, [publishableKey, load, tag]);

  useEffect(() => {
    if (status === 'ready') card.current?.update({ disabled });
  }, [disabled, status]);

  return (
    <Stack gap="sm" data-testid="stripe-card">
      <TextInput
        label="Name on the card"
        autoComplete="cc-name"
        value={holderName}
        error={holderNameError}
        disabled={disabled}
        onChange={(event) => onHolderNameChange(event.currentTarget.value)}
      />
      <Input.Wrapper label="Card" id={labelId} error={error} description="Card number, expiry date and security code, taken by Stripe.">
        <div
          ref={container}
          role="group"
          aria-labelledby={`${labelId}-label`}
          data-testid="stripe-card-element"
          style={{
            display: status === 'failed' ? 'none' : 'block',
            minHeight: 42,
            padding: '11px 12px',
            border: `1px solid ${error ? 'var(--mantine-color-error)' : focused ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-default-border)'}`,
            borderRadius: 'var(--mantine-radius-default)',
            background: disabled ? 'var(--mantine-color-default-hover)' : 'var(--mantine-color-body)',
            color: 'var(--mantine-color-text)',
          }}
        />
      </Input.Wrapper>
      {status === 'loading' ? (
        <Group gap="xs" aria-live="polite">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            Loading Stripe&apos;s secure card field…
          </Text>
        </Group>
      ) : null}
      {status === 'failed' ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="The card field did not load" data-testid="stripe-load-failed">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              Stripe&apos;s card field loads from js.stripe.com. Check your connection, or allow js.stripe.com if a content blocker stops it, then try
              again. Nothing was charged.
            </Text>
            <Button size="xs" variant="light" onClick={() => setReloads((count) => count + 1)}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : null}
      <Group gap={6} wrap="nowrap">
        <IconLock size={14} aria-hidden />
        <Text size="xs" c="dimmed">
          Your card details go straight to Stripe; KubeMarket never sees the number.
        </Text>
      </Group>
    </Stack>
  );
}
