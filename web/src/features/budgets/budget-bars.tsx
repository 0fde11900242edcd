import { euros } from '@kubemarket/shared';
import { Box, Group, Progress, Stack, Text } from '@mantine/core';
import type { Budget } from './budget-types';

/** Bars run to 150 % of the amount, so a budget passed still shows by how much. */
const SCALE_PERCENT = 150;

/** Blue under the first threshold, orange past it, red at or past the amount: each with text, never colour alone. */
function colourOf(percent: number, thresholds: readonly number[]) {
  if (percent >= 100) return 'red.8';
  if (percent >= (thresholds[0] ?? 100)) return 'orange.9';
  return 'blue.7';
}

/** One bar: the spend against the amount, with a mark at each threshold and at 100 %. */
function SpendBar({ label, cents, percent, budget, testId }: { label: string; cents: number; percent: number; budget: Budget; testId: string }) {
  const width = (value: number) => `${(Math.min(value, SCALE_PERCENT) * 100) / SCALE_PERCENT}%`;
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          {label}
        </Text>
        <Text size="sm" data-testid={testId}>
          {euros(cents)} · {percent} %
        </Text>
      </Group>
      <Box pos="relative">
        <Progress
          value={(Math.min(percent, SCALE_PERCENT) * 100) / SCALE_PERCENT}
          color={colourOf(percent, budget.thresholds)}
          size="lg"
          radius="sm"
          aria-label={`${label}: ${euros(cents)}, ${percent} % of ${euros(budget.amountCents)}`}
        />
        {[...new Set([...budget.thresholds, 100])].map((threshold) => (
          <Box
            key={threshold}
            aria-hidden
            pos="absolute"
            top={-3}
            bottom={-3}
            left={width(threshold)}
            w={threshold === 100 ? 3 : 2}
            bg={threshold === 100 ? 'dark.7' : 'dark.3'}
            title={`${threshold} %`}
          />
        ))}
      </Box>
    </Stack>
  );
}

/** Actual and forecast spend of the month against the budget, with the thresholds marked and named. */
export function BudgetBars({ budget }: { budget: Budget }) {
  return (
    <Stack gap="sm">
      <SpendBar label="Spent so far" cents={budget.actualCents} percent={budget.actualPercent} budget={budget} testId="budget-actual" />
      <SpendBar label="Forecast by month end" cents={budget.forecastCents} percent={budget.forecastPercent} budget={budget} testId="budget-forecast" />
      <Text size="xs" c="dimmed">
        Marks at the alert thresholds ({budget.thresholds.map((threshold) => `${threshold} %`).join(', ')}) and at 100 % of {euros(budget.amountCents)}; bars end at {SCALE_PERCENT} %.
      </Text>
    </Stack>
  );
}
