import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

// The rows of a price breakdown (an estimate, an order's summary): what each line is and what it costs, the amount never wrapped.

const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/** A total of the breakdown: "Subtotal … €289.00", "VAT (20 %) … €57.80". */
export function AmountRow({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md">
      <Text size="sm">{label}</Text>
      <Text size="sm" fw={600} data-testid={testId} style={NO_WRAP}>
        {value}
      </Text>
    </Group>
  );
}

/** A line of the breakdown, in bold: what is bought and its amount. */
export function LineAmount({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md" align="flex-start">
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Text size="sm" fw={700} style={NO_WRAP} data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}

/** A part of a line (the tier, its nodes, an add-on), small and dimmed, as an item of the line's list; "Included" when free. */
export function ComponentAmount({ label, amountCents, format }: { label: ReactNode; amountCents: number; format: (cents: number) => string }) {
  return (
    <Group component="li" justify="space-between" wrap="nowrap" gap="md" align="flex-start">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="xs" c="dimmed" style={NO_WRAP}>
        {amountCents === 0 ? 'Included' : format(amountCents)}
      </Text>
    </Group>
  );
}
