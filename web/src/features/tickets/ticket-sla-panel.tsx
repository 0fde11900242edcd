import { Group, Stack, Text } from '@mantine/core';
import { formatDateTime } from '../../lib/date-format';
import { SlaBadges } from './ticket-badges';
import type { TicketSla } from './ticket-types';

/** The SLA of one ticket in words: the first-response target and what it became, and what is owed next. */
export function TicketSlaPanel({ sla, now, finished }: { sla: TicketSla; now: number; finished: boolean }) {
  return (
    <Stack gap={6} data-testid="ticket-sla-panel">
      <SlaBadges sla={sla} now={now} closed={finished} />
      <Group gap="lg">
        <Text size="sm">
          First response due: <strong>{formatDateTime(sla.firstResponseDueAt)}</strong>
        </Text>
        {sla.firstRespondedAt !== null ? (
          <Text size="sm">
            First response: <strong>{formatDateTime(sla.firstRespondedAt)}</strong> ({sla.firstResponseMet === false ? 'late' : 'on time'})
          </Text>
        ) : null}
        {sla.dueKind === 'update' && sla.dueAt !== null ? (
          <Text size="sm">
            Next update due: <strong>{formatDateTime(sla.dueAt)}</strong>
          </Text>
        ) : null}
      </Group>
    </Stack>
  );
}
