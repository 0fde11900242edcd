import { Loader, Text, Timeline } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconX } from '@tabler/icons-react';
import { formatDateTime } from '../../lib/date-format';
import { orderTimeline } from './timeline';
import type { StepTone } from './timeline';
import type { OrderDetail } from './order-types';

const TONE_COLORS: Record<StepTone, string> = { done: 'teal', failed: 'red', warning: 'orange', upcoming: 'gray' };

function Bullet({ tone, working }: { tone: StepTone; working: boolean }) {
  if (working) return <Loader size={12} color="blue" aria-hidden />;
  if (tone === 'done') return <IconCheck size={14} aria-hidden />;
  if (tone === 'failed') return <IconX size={14} aria-hidden />;
  if (tone === 'warning') return <IconAlertTriangle size={14} aria-hidden />;
  return null;
}

/** The order's steps, oldest first, with what is still to come while it is under way. */
export function OrderTimeline({ order }: { order: Pick<OrderDetail, 'kind' | 'status' | 'events'> }) {
  const { steps, active } = orderTimeline(order);
  // The step being worked on now (a cluster being built), as opposed to one awaiting the customer.
  const working = order.status === 'paid' || order.status === 'provisioning' ? active + 1 : -1;
  return (
    <Timeline active={active} bulletSize={24} lineWidth={2} color="teal" role="list" aria-label="Order timeline" data-testid="order-timeline">
      {steps.map((step, index) => (
        <Timeline.Item
          key={step.key}
          role="listitem"
          color={TONE_COLORS[step.tone]}
          lineVariant={index >= active ? 'dashed' : 'solid'}
          bullet={<Bullet tone={step.tone} working={index === working} />}
          title={
            <Text fw={600} size="sm" c={step.tone === 'upcoming' ? 'dimmed' : undefined}>
              {step.title}
              {step.tone === 'upcoming' ? (index === working ? ' (in progress)' : ' (to come)') : ''}
            </Text>
          }
          data-testid="timeline-step"
          data-tone={step.tone}
        >
          <Text size="sm" c="dimmed">
            {step.detail}
          </Text>
          {step.reason ? (
            <Text size="sm" c="var(--mantine-color-error)" data-testid="timeline-reason">
              Reason: {step.reason}
            </Text>
          ) : null}
          {step.at !== null ? (
            <Text size="xs" c="dimmed" mt={2} component="time" dateTime={new Date(step.at).toISOString()}>
              {formatDateTime(step.at)}
            </Text>
          ) : null}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

