import { Stack, Text } from '@mantine/core';
import { DataTable } from '../../components/list-kit';
import type { Column } from '../../components/list-kit';
import { AnchorLink } from '../../components/router-links';
import { formatDate } from '../../lib/date-format';
import { useDisplayPrice } from '../currency';
import { OrderStatusBadge } from './order-status-badge';
import { ORDER_KIND_LABELS } from './order-types';
import type { OrderSummary } from './order-types';

interface OrdersTableProps {
  items: readonly OrderSummary[];
  /** Names the table for screen readers. */
  caption: string;
  /** Lists of every kind say which each order is. */
  showKind?: boolean;
}

/** Orders, each with its status and a link to its status page. */
export function OrdersTable({ items, caption, showKind = false }: OrdersTableProps) {
  const { format, ready } = useDisplayPrice();
  const columns: (Column<OrderSummary> | false)[] = [
    {
      header: 'Order',
      rowHeader: true,
      cell: (order) => (
        <Stack gap={2}>
          <AnchorLink to="/order-status/$id" params={{ id: order.id }} size="sm" fw={600}>
            {order.summary}
          </AnchorLink>
          <Text size="xs" c="dimmed" ff="monospace">
            {order.id}
          </Text>
        </Stack>
      ),
    },
    showKind && { header: 'Kind', cell: (order) => ORDER_KIND_LABELS[order.kind] },
    { header: 'Status', cell: (order) => <OrderStatusBadge status={order.status} /> },
    {
      header: 'Total',
      align: 'right',
      cellProps: () => ({ style: { whiteSpace: 'nowrap' } }),
      cell: (order) => (
        <>
          <Text size="sm" fw={600} data-testid="order-total" data-cents={order.totalCents}>
            {ready ? format(order.totalCents) : '…'}
          </Text>
          <Text size="xs" c="dimmed">
            {order.cycle === 'monthly' ? 'monthly' : 'yearly'}
          </Text>
        </>
      ),
    },
    {
      header: 'Placed',
      cell: (order) => (
        <>
          <Text size="sm">{formatDate(order.createdAt)}</Text>
          {order.placedBy ? (
            <Text size="xs" c="dimmed">
              by {order.placedBy.name}
            </Text>
          ) : null}
        </>
      ),
    },
  ];
  return (
    <DataTable
      rows={items}
      columns={columns}
      rowKey={(order) => order.id}
      rowProps={(order) => ({ 'data-testid': 'order-row', 'data-order-id': order.id })}
      caption={caption}
      minWidth={640}
      verticalSpacing="sm"
      highlightOnHover
      withTableBorder
      testId="orders-table"
    />
  );
}
