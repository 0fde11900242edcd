import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { isFinalStatus } from './order-types';
import type { OrderDetail } from './order-types';

/** While an order is under way it is read again: every few seconds while it is paid or provisioning. */
export const ACTIVE_ORDER_REFRESH_MS = 3_000;
/** An order awaiting payment changes only when someone pays or cancels it. */
export const PENDING_ORDER_REFRESH_MS = 10_000;

export function orderRefreshInterval(order: Pick<OrderDetail, 'status'> | undefined): number | false {
  if (!order || isFinalStatus(order.status)) return false;
  return order.status === 'pending' ? PENDING_ORDER_REFRESH_MS : ACTIVE_ORDER_REFRESH_MS;
}

/** One order of the organisation, kept live until it is settled for good. */
export function useOrder(id: string) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.orders.get.queryOptions({ id }), refetchInterval: (query) => orderRefreshInterval(query.state.data) });
}
