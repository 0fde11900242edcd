import { Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCalculator, IconHeadset, IconPlus, IconServer2, IconShoppingCart, IconApps } from '@tabler/icons-react';
import { ButtonLink } from '../../components/router-links';
import { useNotificationList, notificationTime } from '../notifications';
import { SectionCard } from '../../components/section-card';
import { useSidebarCounts } from './sidebar-counts-query';

const RECENT_NOTIFICATIONS = 5;

/** Clusters and orders of the organisation, from the same query as the sidebar badges. */
export function DashboardCounts() {
  const counts = useSidebarCounts();
  const stats = [
    { label: 'Clusters', value: counts.data?.clusters, icon: <IconServer2 size={20} />, to: '/my-clusters' as const, testId: 'dashboard-clusters-count' },
    { label: 'Orders', value: counts.data?.orders.total, icon: <IconShoppingCart size={20} />, to: '/orders' as const, testId: 'dashboard-orders-count' },
  ];
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
      {stats.map((stat) => (
        <SectionCard key={stat.label} title={stat.label} aside={<ButtonLink to={stat.to} variant="subtle" size="compact-xs">View</ButtonLink>}>
          <Group gap="sm">
            <ThemeIcon variant="light" size="lg" radius="md">
              {stat.icon}
            </ThemeIcon>
            {counts.isPending ? (
              // A placeholder figure under the skeleton: the card is exactly as tall as with the count.
              <Skeleton width={48} aria-hidden>
                <Text fz={28} fw={700}>
                  0
                </Text>
              </Skeleton>
            ) : (
              <Text fz={28} fw={700} data-testid={stat.testId}>
                {stat.value ?? '–'}
              </Text>
            )}
          </Group>
        </SectionCard>
      ))}
    </SimpleGrid>
  );
}

export function RecentNotifications() {
  const list = useNotificationList();
  const items = (list.data ?? []).slice(0, RECENT_NOTIFICATIONS);
  return (
    <SectionCard title="Recent notifications">
      {list.isPending ? (
        <Skeleton height={80} />
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed">
          No notifications to display
        </Text>
      ) : (
        <Stack gap="xs" data-testid="dashboard-notifications">
          {items.map((item) => (
            <Group key={item.id} justify="space-between" wrap="nowrap" gap="sm">
              <Text size="sm" fw={item.read ? 400 : 600} lineClamp={2}>
                {item.message}
              </Text>
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {notificationTime(item.timestamp)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}

export function QuickActions() {
  return (
    <SectionCard title="Quick actions">
      <Group gap="sm">
        <ButtonLink to="/configure-cluster" leftSection={<IconPlus size={16} />} size="sm">
          Configure a new cluster
        </ButtonLink>
        <ButtonLink to="/marketplace" variant="default" leftSection={<IconApps size={16} />} size="sm">
          Browse the marketplace
        </ButtonLink>
        <ButtonLink to="/price-estimator" variant="default" leftSection={<IconCalculator size={16} />} size="sm">
          Estimate a price
        </ButtonLink>
        <ButtonLink to="/support" variant="default" leftSection={<IconHeadset size={16} />} size="sm">
          Get support
        </ButtonLink>
      </Group>
    </SectionCard>
  );
}
