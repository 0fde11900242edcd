import type { BillingCycle } from '@kubemarket/shared';
import { useMutation } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { useTRPCClient } from '../../lib/trpc';
import { newIdempotencyKey } from './draft';
import type { DraftForm } from './draft-form';
import { orderFailure, orderFingerprint, orderRequest } from './order-input';
import type { CreateOrderRequest, OrderFailure } from './order-input';

/** Where an order placed here is paid: its status page hosts the checkout. */
export function checkoutHref(orderId: string): string {
  return `/order-status/${encodeURIComponent(orderId)}?checkout=1`;
}

export interface PlaceOrder {
  /** Places the draft's order (once), then goes to its checkout; `onFailure` gets the server's refusal. */
  place: (onFailure: (failure: OrderFailure) => void) => void;
  isPending: boolean;
  /** The server's refusal that concerns no field. */
  error: string | null;
  /** The order already placed for the configuration as it is now. */
  placedOrderId: string | null;
  reset: () => void;
}

/**
 * `orders.create` for the draft. The draft's idempotency key makes a double click or a retried
 * request one order; the configuration already ordered goes back to that order's checkout; a
 * configuration changed after ordering is a new order, with a new key.
 */
export function usePlaceOrder({ form, cycle }: { form: DraftForm; cycle: BillingCycle }): PlaceOrder {
  const client = useTRPCClient();
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const inFlight = useRef(false);
  const mutation = useMutation({ mutationFn: (request: CreateOrderRequest) => client.orders.create.mutate(request) });

  const draft = form.values;
  const fingerprint = draft.tierId !== null ? orderFingerprint(orderRequest({ ...draft, tierId: draft.tierId }, cycle)) : null;
  const placedOrderId = draft.placedOrder !== null && draft.placedOrder.fingerprint === fingerprint ? draft.placedOrder.id : null;

  const place = (onFailure: (failure: OrderFailure) => void) => {
    const current = form.getValues();
    if (inFlight.current || current.tierId === null) return;
    if (placedOrderId) {
      void router.navigate({ href: checkoutHref(placedOrderId) });
      return;
    }
    let key = current.idempotencyKey;
    if (current.placedOrder !== null) {
      key = newIdempotencyKey();
      form.setFieldValue('idempotencyKey', key);
    }
    const request = orderRequest({ ...current, tierId: current.tierId }, cycle, key);
    inFlight.current = true;
    setError(null);
    mutation.mutate(request, {
      onSuccess: (order) => {
        form.setFieldValue('placedOrder', { id: order.id, fingerprint: orderFingerprint(request) });
        void router.navigate({ href: checkoutHref(order.id) });
      },
      onError: (failure) => {
        const refusal = orderFailure(failure.message, current);
        setError(refusal.general);
        onFailure(refusal);
      },
      onSettled: () => {
        inFlight.current = false;
      },
    });
  };

  return {
    place,
    isPending: mutation.isPending,
    error,
    placedOrderId,
    reset: () => {
      setError(null);
      mutation.reset();
    },
  };
}
