import { Badge, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { QueryErrorAlert } from '../../components/query-error-alert';
import { SectionCard } from '../../components/section-card';
import { formatDateTime } from '../../lib/date-format';
import { formatRelativeTime } from '../../lib/relative-time';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import type { ClusterDetail, ClusterEvent } from './cluster-types';
import { useNow } from '../../lib/use-now';

const PAGE_SIZE = 25;

/**
 * Light badges in colours whose text keeps 4.5:1 on their tint in the theme (axe measured teal,
 * green, yellow and orange below it); the label says the kind, the colour only helps.
 */
const EVENT_KINDS: Record<ClusterEvent['type'], { label: string; color: string }> = {
  operation_started: { label: 'Started', color: 'blue' },
  step_started: { label: 'Step', color: 'gray' },
  step_succeeded: { label: 'Step done', color: 'cyan' },
  step_retrying: { label: 'Retrying', color: 'grape' },
  step_failed: { label: 'Step failed', color: 'red' },
  operation_succeeded: { label: 'Finished', color: 'cyan' },
  operation_failed: { label: 'Failed', color: 'red' },
  operation_retried: { label: 'Retried', color: 'blue' },
  kubeconfig_issued: { label: 'Kubeconfig', color: 'violet' },
  credentials_revoked: { label: 'Credentials', color: 'red' },
  settings_changed: { label: 'Settings', color: 'gray' },
  addon_removed: { label: 'Add-on', color: 'gray' },
};

/** Everything that happened to the cluster, newest first, and who did it; older pages on request. */
export function ActivityTab({ cluster }: { cluster: ClusterDetail }) {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const now = useNow();
  // Pages of the activity as it stood at the first page's `asOf`: older pages never repeat an event.
  const events = useInfiniteQuery({
    // The key tRPC gives its infinite queries, so that invalidating clusters.events reaches it.
    queryKey: [trpc.clusters.events.pathKey()[0], { input: { id: cluster.id, pageSize: PAGE_SIZE }, type: 'infinite' }],
    initialPageParam: { page: 1, asOf: undefined as number | undefined },
    queryFn: ({ pageParam }) => client.clusters.events.query({ id: cluster.id, pageSize: PAGE_SIZE, ...pageParam }),
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? { page: last.page + 1, asOf: last.asOf } : undefined),
  });
  const items = events.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <SectionCard id="activity" title="Activity" description="Every operation, step and credential of the cluster, and who did it, newest first.">
      {events.isPending ? (
        <Stack gap="xs" aria-busy="true">
          <Skeleton height={44} radius="sm" aria-label="Loading the activity" />
          <Skeleton height={44} radius="sm" />
          <Skeleton height={44} radius="sm" />
        </Stack>
      ) : events.error ? (
        <QueryErrorAlert title="The activity could not be loaded" query={events} />
      ) : items.length === 0 ? (
        <Text size="sm">Nothing has happened to this cluster yet.</Text>
      ) : (
        <Stack gap="sm">
          <Stack component="ol" gap={0} m={0} p={0} style={{ listStyle: 'none' }} aria-label={`Activity of ${cluster.name}`} data-testid="activity-list">
            {items.map((event) => {
              const kind = EVENT_KINDS[event.type];
              return (
                <Group
                  key={event.id}
                  component="li"
                  gap="sm"
                  wrap="nowrap"
                  align="flex-start"
                  py="xs"
                  style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
                  data-testid="activity-event"
                  data-type={event.type}
                >
                  <Badge variant="light" color={kind.color} size="sm" miw={96} style={{ flexShrink: 0 }}>
                    {kind.label}
                  </Badge>
                  <Stack gap={2} style={{ flexGrow: 1 }}>
                    <Text size="sm">{event.message}</Text>
                    <Text size="xs" c="dimmed">
                      <time dateTime={new Date(event.createdAt).toISOString()} title={formatDateTime(event.createdAt)}>
                        {formatRelativeTime(event.createdAt, now)}
                      </time>
                      {' · '}
                      <span data-testid="activity-actor">{event.actor ? event.actor.name : 'KubeMarket'}</span>
                    </Text>
                  </Stack>
                </Group>
              );
            })}
          </Stack>
          {events.hasNextPage ? (
            <Group>
              <Button variant="default" size="xs" loading={events.isFetchingNextPage} onClick={() => void events.fetchNextPage()} data-testid="activity-load-older">
                Load older
              </Button>
            </Group>
          ) : (
            <Text size="xs" c="dimmed" data-testid="activity-end">
              That is everything since the cluster was ordered.
            </Text>
          )}
        </Stack>
      )}
    </SectionCard>
  );
}
