import { Container, Group, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import {
  IconActivity,
  IconArrowUpCircle,
  IconCalendarTime,
  IconKey,
  IconLayoutDashboard,
  IconMoon,
  IconPuzzle,
  IconServer,
  IconServer2,
  IconTopologyStar3,
} from '@tabler/icons-react';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { BackLink } from '../../components/back-link';
import { PageLoading } from '../../components/page-states';
import { ButtonLink } from '../../components/router-links';
import { ClusterLoadError } from './cluster-load-error';
import { useClusterDetail, useMayWriteClusters } from './cluster-queries';
import { ClusterStatusBadge } from './cluster-status-badge';
import type { ClusterDetail } from './cluster-types';
import { CLUSTER_TABS } from './list-search-params';
import type { ClusterTab } from './list-search-params';
import { OverviewTab } from './overview-tab';

interface ClusterDetailPageProps {
  clusterId: string;
  tab: ClusterTab;
  onTabChange: (tab: ClusterTab) => void;
}

/** What every tab's panel is given. */
interface TabProps {
  cluster: ClusterDetail;
  mayWrite: boolean;
}

interface TabEntry {
  value: ClusterTab;
  label: string;
  icon: ReactNode;
  panel: ComponentType<TabProps>;
  /** Fetches a tab's code ahead of its first opening (a lazy tab's; nothing for the overview). */
  preload?: () => Promise<unknown>;
}

/**
 * A tab other than the overview, its code (forms, tables, the add-on catalogue) loaded when the
 * tab is first about to open: pointed at, focused, or opened by its address. The page opened
 * from a list or a mail evaluates the overview's code alone (issue 35).
 */
function lazyTab(load: () => Promise<ComponentType<TabProps>>): Pick<TabEntry, 'panel' | 'preload'> {
  // The browser imports a module once: preloading and React.lazy share it.
  const preload = () => load().then((panel) => ({ default: panel }));
  return { panel: lazy(preload), preload };
}

const TABS: readonly TabEntry[] = [
  { value: 'overview', label: 'Overview', icon: <IconLayoutDashboard size={16} aria-hidden />, panel: OverviewTab },
  { value: 'pools', label: 'Node pools', icon: <IconServer2 size={16} aria-hidden />, ...lazyTab(() => import('./node-pools-tab').then((module) => module.NodePoolsTab)) },
  { value: 'nodes', label: 'Nodes', icon: <IconServer size={16} aria-hidden />, ...lazyTab(() => import('./nodes-tab').then((module) => module.NodesTab)) },
  { value: 'upgrades', label: 'Upgrades', icon: <IconArrowUpCircle size={16} aria-hidden />, ...lazyTab(() => import('./upgrades-tab').then((module) => module.UpgradesTab)) },
  { value: 'maintenance', label: 'Maintenance', icon: <IconCalendarTime size={16} aria-hidden />, ...lazyTab(() => import('./maintenance-tab').then((module) => module.MaintenanceTab)) },
  { value: 'addons', label: 'Add-ons', icon: <IconPuzzle size={16} aria-hidden />, ...lazyTab(() => import('./addons-tab').then((module) => module.AddonsTab)) },
  { value: 'hibernation', label: 'Hibernation', icon: <IconMoon size={16} aria-hidden />, ...lazyTab(() => import('./hibernation-tab').then((module) => module.HibernationTab)) },
  { value: 'access', label: 'Access', icon: <IconKey size={16} aria-hidden />, ...lazyTab(() => import('./access-tab').then((module) => module.AccessTab)) },
  { value: 'activity', label: 'Activity', icon: <IconActivity size={16} aria-hidden />, ...lazyTab(() => import('./activity-tab').then((module) => module.ActivityTab)) },
];

/** What a lazy tab shows while its code arrives: a panel-sized placeholder, announced as loading. */
function TabLoading({ label }: { label: string }) {
  return <Skeleton height={240} radius="md" aria-label={`Loading ${label}`} />;
}

function BackToClusters() {
  return (
    <BackLink to="/my-clusters" data-testid="back-to-clusters">
      My Clusters
    </BackLink>
  );
}

/** /clusters/{id} and /cluster-detail/{id}: one cluster, live, with a tab for each part of operating it. */
export function ClusterDetailPage({ clusterId, tab, onTabChange }: ClusterDetailPageProps) {
  const cluster = useClusterDetail(clusterId);

  if (cluster.isPending) {
    return (
      <Container size="xl" py="xl">
        <PageLoading title="Cluster" top={<BackToClusters />}>
          <Skeleton height={36} radius="md" aria-label="Loading the cluster" />
          <Skeleton height={360} radius="md" />
        </PageLoading>
      </Container>
    );
  }
  if (cluster.error) {
    return (
      <Container size="xl" py="xl">
        <ClusterLoadError
          query={cluster}
          title="Cluster"
          top={<BackToClusters />}
          notFound={(message) => (
            <Stack gap="xs">
              <Text size="sm">{message}</Text>
              <Text size="sm">
                Check the link, or find the cluster among your organisation&apos;s clusters (<code>{clusterId}</code> was asked for).
              </Text>
            </Stack>
          )}
        />
      </Container>
    );
  }
  return <ClusterContent cluster={cluster.data} tab={tab} onTabChange={onTabChange} />;
}

function ClusterContent({ cluster, tab, onTabChange }: { cluster: ClusterDetail; tab: ClusterTab; onTabChange: (tab: ClusterTab) => void }) {
  const mayWrite = useMayWriteClusters();
  const tabs = TABS.filter((entry) => entry.value !== 'hibernation' || cluster.hibernation.supported);
  // A tab this cluster does not have (hibernation of a production tier) shows the overview.
  const shown = tabs.some((entry) => entry.value === tab) ? tab : 'overview';

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Stack gap={6}>
          <BackToClusters />
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
            <Stack gap={4}>
              <Group gap="sm" align="center">
                <Title order={1} data-testid="page-title">
                  {cluster.name}
                </Title>
                <div role="status" aria-live="polite" aria-label="Cluster status">
                  <ClusterStatusBadge status={cluster.status} size="lg" />
                </div>
              </Group>
              <Text size="sm" c="dimmed">
                {cluster.tier.name} in {cluster.region.name} · Kubernetes {cluster.kubernetesVersion} · <code data-testid="cluster-id">{cluster.id}</code>
              </Text>
            </Stack>
            <Group gap="sm">
              {cluster.status === 'provisioning' ? (
                <ButtonLink to="/clusters/$id/status" params={{ id: cluster.id }} variant="light">
                  Follow the provisioning
                </ButtonLink>
              ) : null}
              {cluster.status === 'deleted' ? null : (
                <ButtonLink to="/clusters/$id/topology" params={{ id: cluster.id }} variant="default" leftSection={<IconTopologyStar3 size={16} aria-hidden />} data-testid="topology-link">
                  Topology
                </ButtonLink>
              )}
            </Group>
          </Group>
          {!mayWrite ? (
            <Text size="sm" c="dimmed" data-testid="read-only-notice">
              Your role lets you see this cluster but not change it.
            </Text>
          ) : null}
        </Stack>

        <Tabs
          value={shown}
          keepMounted={false}
          onChange={(value) => {
            const next = CLUSTER_TABS.find((candidate) => candidate === value);
            if (next) onTabChange(next);
          }}
        >
          <Tabs.List mb="lg" aria-label={`Parts of ${cluster.name}`}>
            {tabs.map((entry) => (
              <Tabs.Tab
                key={entry.value}
                value={entry.value}
                leftSection={entry.icon}
                data-testid={`tab-${entry.value}`}
                onPointerEnter={entry.preload}
                onFocus={entry.preload}
              >
                {entry.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {tabs.map(({ value, label, panel: Panel }) => (
            <Tabs.Panel key={value} value={value}>
              <Suspense fallback={<TabLoading label={label} />}>
                <Panel cluster={cluster} mayWrite={mayWrite} />
              </Suspense>
            </Tabs.Panel>
          ))}
        </Tabs>
      </Stack>
    </Container>
  );
}
