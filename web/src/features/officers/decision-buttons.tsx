import { Button, Group, Text } from '@mantine/core';
import type { ReasonAction, ReasonCheck } from './reason-dialog';

type Decision = Pick<ReasonAction, 'title' | 'body' | 'done'>;

interface DecisionButtonsProps {
  /** The requester (or someone who may not decide) sees who decides instead of the buttons. */
  anotherDecides: boolean;
  /** Opens the reason dialog of the decision taken. */
  onDecide: (action: ReasonAction) => void;
  /** Approving, with an optional note: its confirm button says `confirmLabel` ("Approve and grant"). */
  approve: Decision & { confirmLabel: string; run: (note: string) => Promise<unknown> };
  /** Refusing, with the reason the requester reads; none where the request can only be finished. */
  refuse?: Decision & { run: (reason: string) => Promise<unknown> };
  /** The refuse button's word: "Refuse" by default. */
  refuseLabel?: string;
}

/** A request awaiting a second administrator (four eyes): Approve and Refuse, each through the reason dialog. */
export function DecisionButtons({ anotherDecides, onDecide, approve, refuse, refuseLabel = 'Refuse' }: DecisionButtonsProps) {
  if (anotherDecides) {
    return (
      <Text size="sm" c="dimmed">
        Another administrator decides
      </Text>
    );
  }
  return (
    <Group gap="xs" wrap="nowrap">
      <Button size="xs" onClick={() => onDecide({ ...approve, reasonRequired: false, reasonLabel: 'Note (optional)' })}>
        Approve
      </Button>
      {refuse ? (
        <Button size="xs" variant="light" color="red" onClick={() => onDecide({ ...refuse, confirmLabel: 'Refuse', danger: true, reasonRequired: true })}>
          {refuseLabel}
        </Button>
      ) : null}
    </Group>
  );
}

/** An approval's input: the request, and the note when one was written. */
export function withNote(id: string, note: string): { id: string; reason?: string } {
  return note ? { id, reason: note } : { id };
}

/** The reason a refusal needs (the approvals' servers ask for 3 characters at least). */
export const decisionReasonProblem: ReasonCheck = (reason, required) => (required && reason.trim().length < 3 ? 'Give a reason of at least 3 characters.' : null);
