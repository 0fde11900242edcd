import { Alert, Button, Group, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconAlertCircle, IconArrowRight } from '@tabler/icons-react';
import { useDisplayPrice } from '../currency';
import { deltaLabel } from './pool-pricing';
import type { PriceChange } from './pool-pricing';

interface PriceChangeViewProps {
  /** null while the catalogue loads. */
  change: PriceChange | null;
  /** The catalogue could not be loaded: nothing can be priced. */
  error: { message: string } | null;
  onRetry: () => void;
}

/** The monthly price before and after a change, shown before it is confirmed. */
export function PriceChangeView({ change, error, onRetry }: PriceChangeViewProps) {
  const { format, ready } = useDisplayPrice();
  if (error) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="This change cannot be priced" data-testid="price-change-error">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">The catalogue&apos;s prices could not be loaded: {error.message}</Text>
          <Button size="xs" variant="white" color="red" onClick={onRetry}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (!change || !ready) return <Skeleton height={56} radius="md" aria-label="Pricing the change" />;
  if (change.kind === 'refused') {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title="Not possible on this cluster" role="alert" data-testid="price-change-refused">
        {change.message}
      </Alert>
    );
  }
  return (
    <Stack gap={4} p="sm" style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-md)' }} aria-live="polite" data-testid="price-change">
      <Text size="xs" tt="uppercase" fw={600} c="dimmed">
        Monthly price, VAT excluded
      </Text>
      <Group gap="xs" wrap="wrap">
        <Text size="sm" data-testid="price-old" data-cents={change.currentMonthlyCents}>
          {format(change.currentMonthlyCents)}
        </Text>
        <IconArrowRight size={16} aria-hidden />
        <VisuallyHidden>becomes</VisuallyHidden>
        <Text size="lg" fw={700} data-testid="price-new" data-cents={change.newMonthlyCents}>
          {format(change.newMonthlyCents)}
        </Text>
        <Text size="sm" c="dimmed" data-testid="price-delta" data-cents={change.deltaCents}>
          ({deltaLabel(change.deltaCents, format)})
        </Text>
      </Group>
      {change.maxMonthlyCents !== null ? (
        <Text size="xs" c="dimmed">
          Autoscaling pools are priced at their minimum; with every pool at its maximum the cluster costs {format(change.maxMonthlyCents)} a month.
        </Text>
      ) : null}
    </Stack>
  );
}
