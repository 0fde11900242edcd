import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { SeverityBadge, StatusBadge } from './ticket-badges';
import { CATEGORY_LABELS } from './ticket-types';
import type { TicketCategory, TicketSeverity, TicketStatus } from './ticket-types';

interface TicketHeadingProps {
  ticket: { reference: string; subject: string; status: TicketStatus; severity: TicketSeverity; category: TicketCategory; cluster?: { id: string; name: string } | null };
  /** h1 on a page of its own, h2 inside a page (staff, /track-ticket). */
  level: 1 | 2;
  titleId?: string;
  /** After the badges: who handles it, who asked, and so on. */
  children?: ReactNode;
}

/** Reference, subject, status, severity, category and cluster of a ticket. */
export function TicketHeading({ ticket, level, titleId, children }: TicketHeadingProps) {
  return (
    <Stack gap={6}>
      <Text size="sm" c="dimmed" data-testid="ticket-reference">
        {ticket.reference}
      </Text>
      <Title order={level} size={level === 1 ? undefined : 'h3'} id={titleId} data-testid="ticket-subject">
        {ticket.subject}
      </Title>
      <Group gap={6}>
        <StatusBadge status={ticket.status} />
        <SeverityBadge severity={ticket.severity} />
        <Badge variant="outline" tt="none">
          {CATEGORY_LABELS[ticket.category]}
        </Badge>
        {ticket.cluster ? (
          <Badge variant="outline" tt="none" data-testid="ticket-cluster-badge">
            Cluster: {ticket.cluster.name}
          </Badge>
        ) : null}
      </Group>
      {children}
    </Stack>
  );
}
