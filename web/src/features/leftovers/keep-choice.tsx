import { euros } from '@kubemarket/shared';
import { Alert, Checkbox, Loader, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { describeKind } from './leftover-types';

interface KeepLeftoversChoiceProps {
  clusterId: string;
  /** The ids chosen to keep (the rest goes with the cluster). */
  keep: readonly string[];
  onChange: (keep: string[]) => void;
}

/**
 * In a cluster's delete dialog: what deleting it would leave billable (its load balancers,
 * volumes, backups and snapshots), each with its monthly price and a box to keep it rather than
 * delete it with the cluster. Nothing is kept unless ticked.
 */
export function KeepLeftoversChoice({ clusterId, keep, onChange }: KeepLeftoversChoiceProps) {
  const trpc = useTRPC();
  const query = useQuery(trpc.clusters.leftovers.queryOptions({ id: clusterId }));
  if (query.isPending) {
    return (
      <Group gap="xs" data-testid="leftovers-loading">
        <Loader size="xs" aria-hidden />
        <Text size="sm">Listing what the cluster holds…</Text>
      </Group>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" title="What the cluster holds could not be listed">
        {query.error.message} Deleting it removes everything it holds.
      </Alert>
    );
  }
  const { items, unavailable } = query.data;
  const keptCents = items.filter((item) => keep.includes(item.id)).reduce((sum, item) => sum + item.monthlyCents, 0);
  const toggle = (id: string, checked: boolean) => onChange(checked ? [...keep, id] : keep.filter((kept) => kept !== id));
  return (
    <Stack gap="xs" data-testid="leftovers-choice">
      {unavailable ? (
        <Alert color="yellow" title="Not everything it holds could be listed">
          {unavailable}
        </Alert>
      ) : null}
      {items.length === 0 ? (
        <Text size="sm">Nothing it holds would stay billable once it is deleted.</Text>
      ) : (
        <>
          <Text size="sm" id={`leftovers-${clusterId}`}>
            It holds these, deleted with it unless you keep them. What you keep is billed every hour until you remove it on the billing page.
          </Text>
          <Stack gap={6} role="group" aria-labelledby={`leftovers-${clusterId}`} mah={260} style={{ overflowY: 'auto' }}>
            {items.map((item) => (
              <Checkbox
                key={item.id}
                checked={keep.includes(item.id)}
                onChange={(event) => toggle(item.id, event.currentTarget.checked)}
                label={`Keep ${item.name}`}
                description={`${describeKind(item)} · ${euros(item.monthlyCents)} a month`}
                data-testid="leftover-keep"
                data-name={item.name}
              />
            ))}
          </Stack>
          <Text size="sm" fw={600} data-testid="leftovers-kept-total" aria-live="polite">
            {keep.length === 0 ? 'Nothing kept: everything goes with the cluster.' : `Kept: ${keep.length} for ${euros(keptCents)} a month.`}
          </Text>
        </>
      )}
    </Stack>
  );
}
