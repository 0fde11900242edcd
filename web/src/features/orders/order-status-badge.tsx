import { Badge } from '@mantine/core';
import { ORDER_STATUS_COLORS, ORDER_STATUS_LABELS } from './order-types';
import type { OrderStatus } from './order-types';

export function OrderStatusBadge({ status, size = 'sm' }: { status: OrderStatus; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <Badge color={ORDER_STATUS_COLORS[status]} variant="filled" size={size} data-testid="order-status" data-status={status}>
      {ORDER_STATUS_LABELS[status]}
    </Badge>
  );
}
