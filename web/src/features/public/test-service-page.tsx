import { Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconApi, IconDatabase, IconPlugConnected, IconRefresh, IconCurrencyEuro } from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTRPC } from '../../lib/trpc';
import { RatesNotice } from '../currency';
import { PageSection, PublicPage } from './public-page';
import { probeWebSocket } from './websocket-probe';

type Status = 'ok' | 'down' | 'checking';

const STATUS_BADGE: Record<Status, { label: string; color: string }> = {
  ok: { label: 'Operational', color: 'teal' },
  down: { label: 'Unavailable', color: 'red' },
  checking: { label: 'Checking...', color: 'gray' },
};

function formatTime(epochMs: number): string {
  return new Date(epochMs).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}

export function TestServicePage() {
  const trpc = useTRPC();
  const health = useQuery(trpc.meta.health.queryOptions(undefined, { refetchInterval: 30_000, refetchIntervalInBackground: false }));
  const socket = useQuery({
    queryKey: ['websocketProbe'],
    queryFn: () =>
      probeWebSocket({
        createSocket: (url) => new WebSocket(url),
        fetch: (url) => window.fetch(url, { credentials: 'include' }),
        now: () => performance.now(),
        location: window.location,
      }),
    staleTime: 0,
  });

  const api: Status = health.isPending ? 'checking' : health.data?.api.ok ? 'ok' : 'down';
  const database: Status = health.isPending ? 'checking' : health.data?.database.ok ? 'ok' : 'down';
  const rates: Status = health.isPending ? 'checking' : health.data?.rates.ok ? 'ok' : 'down';
  const ws: Status = socket.isPending || socket.isFetching ? 'checking' : socket.data && socket.data.status !== 'unreachable' ? 'ok' : 'down';

  const recheck = () => {
    void health.refetch();
    void socket.refetch();
  };

  return (
    <PublicPage
      eyebrow="Status"
      title="Service status"
      description="Live checks of the platform from your browser: the API, its database, the exchange rates and the real-time channel."
      actions={
        <Button leftSection={<IconRefresh size={16} />} variant="default" onClick={recheck} loading={health.isFetching || socket.isFetching} data-testid="recheck">
          Run checks again
        </Button>
      }
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <StatusCard icon={IconApi} title="API" status={api} testId="status-api">
          {health.error ? health.error.message : 'Answers tRPC and REST requests.'}
        </StatusCard>
        <StatusCard icon={IconDatabase} title="Database" status={database} testId="status-database">
          {health.data ? (health.data.database.ok ? `Answered in ${health.data.database.latencyMs} ms.` : 'The database did not answer.') : 'Query round trip from the API.'}
        </StatusCard>
        <StatusCard icon={IconCurrencyEuro} title="Exchange rates" status={rates} testId="status-rates">
          {health.data
            ? health.data.rates.updatedAt
              ? `Last updated ${formatTime(health.data.rates.updatedAt)}${health.data.rates.ok ? '.' : ': older than expected.'}`
              : 'No rates stored on the server yet.'
            : 'Daily reference rates stored by the server.'}
        </StatusCard>
        <StatusCard icon={IconPlugConnected} title="Real-time channel (/ws)" status={ws} testId="status-websocket">
          {socket.data
            ? socket.data.status === 'connected'
              ? `Connected in ${Math.round(socket.data.latencyMs)} ms.`
              : socket.data.detail
            : 'WebSocket used for live notifications.'}
        </StatusCard>
      </SimpleGrid>
      {health.dataUpdatedAt ? (
        <Text size="sm" c="dimmed">
          Last checked {formatTime(health.dataUpdatedAt)}. Checks repeat every 30 seconds while this page is open.
        </Text>
      ) : null}
      <PageSection id="browser-rates" title="Exchange rates in this browser" description="Prices in other currencies use the first source that answers: the public rates service, then our server, then the last rates cached here.">
        <RatesNotice />
      </PageSection>
    </PublicPage>
  );
}

interface StatusCardProps {
  icon: Icon;
  title: string;
  status: Status;
  testId: string;
  children: ReactNode;
}

function StatusCard({ icon: CardIcon, title, status, testId, children }: StatusCardProps) {
  const badge = STATUS_BADGE[status];
  return (
    <Card withBorder radius="md" padding="lg" data-testid={testId} data-status={status}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm">
            <ThemeIcon variant="light" size={36} radius="md" color={badge.color}>
              <CardIcon size={20} stroke={1.6} />
            </ThemeIcon>
            <Text fw={600}>{title}</Text>
          </Group>
          <Badge color={badge.color} variant="light">
            {badge.label}
          </Badge>
        </Group>
        {status === 'checking' && !children ? <Skeleton height={14} /> : <Text size="sm" c="dimmed">{children}</Text>}
      </Stack>
    </Card>
  );
}
