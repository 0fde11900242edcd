import { Stack, Table, Text } from '@mantine/core';
import { AnchorLink } from '../../components/router-links';
import { formatDate } from '../../lib/date-format';
import { useDisplayPrice } from '../pricing';
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
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" highlightOnHover withTableBorder data-testid="orders-table">
        <Table.Caption>{caption}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Order</Table.Th>
            {showKind ? <Table.Th scope="col">Kind</Table.Th> : null}
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col" ta="right">
              Total
            </Table.Th>
            <Table.Th scope="col">Placed</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((order) => (
            <Table.Tr key={order.id} data-testid="order-row" data-order-id={order.id}>
              <Table.Th scope="row" fw={500}>
                <Stack gap={2}>
                  <AnchorLink to="/order-status/$id" params={{ id: order.id }} size="sm" fw={600}>
                    {order.summary}
                  </AnchorLink>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {order.id}
                  </Text>
                </Stack>
              </Table.Th>
              {showKind ? <Table.Td>{ORDER_KIND_LABELS[order.kind]}</Table.Td> : null}
              <Table.Td>
                <OrderStatusBadge status={order.status} />
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                <Text size="sm" fw={600} data-testid="order-total" data-cents={order.totalCents}>
                  {ready ? format(order.totalCents) : '…'}
                </Text>
                <Text size="xs" c="dimmed">
                  {order.cycle === 'monthly' ? 'monthly' : 'yearly'}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{formatDate(order.createdAt)}</Text>
                {order.placedBy ? (
                  <Text size="xs" c="dimmed">
                    by {order.placedBy.name}
                  </Text>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
