import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Column } from '../../components/list-kit';
import { formatDateTime } from '../../lib/date-format';
import { CATEGORY_LABELS, type TicketCategory } from './ticket-types';

interface TicketCellProps {
  ticket: { reference: string; category: TicketCategory; cluster: { name: string } | null };
  /** Said last on the line under the subject: who asked. */
  more?: string;
  /** The subject, as a link to the ticket. */
  children: ReactNode;
}

/** A ticket table's first cell: the subject, then the reference, category and cluster on a dimmed line. */
export function TicketCell({ ticket, more, children }: TicketCellProps) {
  return (
    <>
      {children}
      <Text size="xs" c="dimmed">
        {ticket.reference} · {CATEGORY_LABELS[ticket.category]}
        {ticket.cluster ? ` · ${ticket.cluster.name}` : ''}
        {more === undefined ? '' : ` · ${more}`}
      </Text>
    </>
  );
}

/** A ticket table's first column: the subject, drawn by `subject` as a way to open the ticket, in its TicketCell. */
export function subjectColumn<T extends TicketCellProps['ticket'] & { subject: string }>(subject: (ticket: T) => ReactNode, more?: (ticket: T) => string): Column<T> {
  return {
    header: 'Ticket',
    cell: (ticket) => (
      <TicketCell ticket={ticket} more={more?.(ticket)}>
        {subject(ticket)}
      </TicketCell>
    ),
  };
}

/** A ticket table's last column: when the ticket last changed. */
export function updatedColumn<T extends { updatedAt: number }>(): Column<T> {
  return { header: 'Updated', cell: (ticket) => <Text size="sm">{formatDateTime(ticket.updatedAt)}</Text> };
}
