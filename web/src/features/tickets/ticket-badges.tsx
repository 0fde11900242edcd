import { Badge, Group } from '@mantine/core';
import type { Column } from '../../components/list-kit';
import { useEffect, useState } from 'react';
import { SLA_TONE_COLORS, slaLines } from './sla-display';
import { SEVERITY_COLORS, STATUS_COLORS, STATUS_LABELS } from './ticket-types';
import type { TicketSeverity, TicketSla, TicketStatus } from './ticket-types';

/** The current time, moved on every minute so "due in" wording stays true on an open page. */
export function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function StatusBadge({ status }: { status: TicketStatus }) {
  return (
    <Badge variant="light" color={STATUS_COLORS[status]} tt="none" data-testid="ticket-status">
      {STATUS_LABELS[status]}
    </Badge>
  );
}

export function SeverityBadge({ severity }: { severity: TicketSeverity }) {
  return (
    <Badge variant="light" color={SEVERITY_COLORS[severity]} data-testid="ticket-severity">
      {severity}
    </Badge>
  );
}

/** What the SLA says now, as badges whose words carry the meaning (colour only repeats it). */
export function SlaBadges({ sla, now, closed }: { sla: TicketSla; now: number; closed?: boolean }) {
  const lines = slaLines(sla, now).filter((line) => !(closed && line.tone === 'none'));
  return (
    <Group gap={6} data-testid="ticket-sla">
      {lines.map((line) => (
        <Badge key={line.label} variant="light" color={SLA_TONE_COLORS[line.tone]} tt="none" data-tone={line.tone}>
          {line.label}
        </Badge>
      ))}
    </Group>
  );
}

/** The severity, status and SLA columns of a ticket table. */
export function ticketStateColumns<T extends { severity: TicketSeverity; status: TicketStatus; sla: TicketSla }>(now: number): Column<T>[] {
  return [
    { header: 'Severity', cell: (ticket) => <SeverityBadge severity={ticket.severity} /> },
    { header: 'Status', cell: (ticket) => <StatusBadge status={ticket.status} /> },
    { header: 'SLA', cell: (ticket) => <SlaBadges sla={ticket.sla} now={now} closed={ticket.status === 'closed' || ticket.status === 'resolved'} /> },
  ];
}
