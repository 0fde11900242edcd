import type { TicketSla } from './ticket-types';

export type SlaTone = 'met' | 'due' | 'breached' | 'none';

export interface SlaLine {
  tone: SlaTone;
  /** Short text for a badge, e.g. "First response due in 3 h". */
  label: string;
}

const MINUTE = 60_000;

/** A duration in words as short as a badge needs: "45 min", "3 h 10 min", "2 d 4 h". */
export function formatDuration(ms: number): string {
  const minutes = Math.max(1, Math.round(Math.abs(ms) / MINUTE));
  if (minutes < 60) return `${minutes} min`;
  const totalHours = Math.floor(minutes / 60);
  if (totalHours < 24) {
    const rest = minutes % 60;
    return rest ? `${totalHours} h ${rest} min` : `${totalHours} h`;
  }
  const days = Math.floor(totalHours / 24);
  const hours = totalHours % 24;
  return hours ? `${days} d ${hours} h` : `${days} d`;
}

const WHAT: Record<'first_response' | 'update', string> = { first_response: 'First response', update: 'Update' };

/**
 * What the SLA says about a ticket now: the first-response target (met, missed, or still due) and,
 * when something is owed, when it is due or how late it is. The server decides `breached` with its
 * own clock and business hours; `now` only words the remaining time.
 */
export function slaLines(sla: TicketSla, now: number): SlaLine[] {
  const lines: SlaLine[] = [];
  const owed = sla.dueKind !== null && sla.dueAt !== null ? { what: WHAT[sla.dueKind], kind: sla.dueKind, dueAt: sla.dueAt } : null;
  const late = owed !== null && (sla.breached || owed.dueAt <= now);
  // A first response still owed and late is one fact: say it once, with how late it is.
  const lateFirstResponse = late && owed?.kind === 'first_response';

  if (sla.firstResponseMet === true) lines.push({ tone: 'met', label: 'First response met' });
  else if (sla.firstResponseMet === false && !lateFirstResponse) lines.push({ tone: 'breached', label: 'First response missed' });

  if (owed) {
    lines.push(
      late
        ? { tone: 'breached', label: `${owed.what} overdue by ${formatDuration(now - owed.dueAt)}` }
        : { tone: 'due', label: `${owed.what} due in ${formatDuration(owed.dueAt - now)}` },
    );
  } else if (sla.breached && !lines.some((line) => line.tone === 'breached')) {
    lines.push({ tone: 'breached', label: 'SLA breached' });
  }
  if (lines.length === 0) lines.push({ tone: 'none', label: 'Nothing owed by support' });
  return lines;
}

export const SLA_TONE_COLORS: Record<SlaTone, string> = { met: 'indigo', due: 'blue', breached: 'red', none: 'gray' };

/** A plan target in minutes as words: "15 min", "4 h", "2 d". */
export function formatTarget(minutes: number): string {
  return formatDuration(minutes * MINUTE);
}

/** Reopening is allowed until `reopenableUntil`; null means the ticket is not resolved or closed. */
export function reopenState(ticket: { status: string; reopenableUntil: number | null }, now: number): { canReopen: boolean; until: number | null } {
  if (ticket.status !== 'resolved' && ticket.status !== 'closed') return { canReopen: false, until: null };
  if (ticket.reopenableUntil === null) return { canReopen: false, until: null };
  return { canReopen: now < ticket.reopenableUntil, until: ticket.reopenableUntil };
}
