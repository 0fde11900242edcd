import { Badge, Loader } from '@mantine/core';

export type DeliveryStatus = 'pending' | 'sending' | 'succeeded' | 'failed';

/** Dark shades: white text on them passes WCAG AA. */
const STATUS = {
  pending: { color: 'yellow.9', label: 'Retrying' },
  sending: { color: 'blue.9', label: 'Sending' },
  succeeded: { color: 'green.9', label: 'Delivered' },
  failed: { color: 'red.9', label: 'Failed' },
} as const;

/** A delivery's state in words; a first attempt still waiting reads "Queued". */
export function DeliveryStatusBadge({ status, attempts }: { status: DeliveryStatus; attempts: number }) {
  const { color, label } = STATUS[status];
  return (
    <Badge size="sm" variant="filled" color={color} leftSection={status === 'sending' ? <Loader size={10} color="white" aria-hidden /> : undefined}>
      {status === 'pending' && attempts === 0 ? 'Queued' : label}
    </Badge>
  );
}

export const inProgress = (status: DeliveryStatus) => status === 'pending' || status === 'sending';
