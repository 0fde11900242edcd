import { Badge, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { LinkProps } from '@tanstack/react-router';
import { QueryErrorAlert } from '../../components/query-error-alert';
import { AnchorLink } from '../../components/router-links';
import { useTRPC } from '../../lib/trpc';
import { CLUSTER_STATUS_COLORS, euros, ORGANIZATION_STATUS_LABELS, statusLabel } from './staff-format';
import type { Attention, ClusterStatus, OrganizationStatus } from './staff-organizations-types';

type Target = NonNullable<LinkProps['to']>;

interface Item {
  key: string;
  label: string;
  count: number;
  to: Target;
  /** Red when it is late already; otherwise orange when something waits. */
  late?: boolean;
}

/** What the Officers Panel asks staff to look at, each item a link to the page where it is dealt with. */
export function attentionItems(data: Attention): Item[] {
  return [
    { key: 'registrations', label: 'Pending registrations', count: data.pendingRegistrations, to: '/admin/pending-registrations' },
    { key: 'promotions', label: 'Promotion requests', count: data.promotionRequests, to: '/admin/promotion-requests' },
    { key: 'breached', label: 'Tickets past their SLA', count: data.ticketsBreached, to: '/officers/incident-tickets', late: true },
    { key: 'due', label: 'Tickets awaiting a response', count: data.ticketsDue, to: '/officers/incident-tickets' },
    { key: 'failed', label: 'Failed provisionings', count: data.failedProvisionings, to: '/officers/clusters', late: true },
    { key: 'overdue', label: 'Overdue organisations', count: data.overdueOrganizations, to: '/officers/organizations', late: true },
  ];
}

export function AttentionPanel() {
  const trpc = useTRPC();
  const attention = useQuery(trpc.staffOrganizations.attention.queryOptions());
  return (
    <Stack gap="md" component="section" aria-labelledby="panel-attention" data-testid="attention-panel">
      <Title order={2} size="h3" id="panel-attention">
        Needs attention
      </Title>
      {attention.isPending ? (
        <Skeleton height={160} aria-busy="true" aria-label="Loading what needs attention" />
      ) : attention.error ? (
        <QueryErrorAlert title="What needs attention could not be loaded" error={attention.error} retrying={attention.isFetching} onRetry={() => void attention.refetch()} />
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {attentionItems(attention.data).map((item) => (
              <Card key={item.key} withBorder padding="md" radius="md" data-testid="attention-item" data-key={item.key}>
                <Group justify="space-between" wrap="nowrap">
                  <AnchorLink to={item.to} size="sm" fw={600}>
                    {item.label}
                  </AnchorLink>
                  <Badge size="lg" variant="filled" color={item.count === 0 ? 'gray.7' : item.late ? 'red.9' : 'yellow.4'} aria-label={`${item.count} ${item.label.toLowerCase()}`}>
                    {item.count}
                  </Badge>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
          <Title order={2} size="h3">
            Platform
          </Title>
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
            <Card withBorder padding="md" radius="md">
              <AnchorLink to="/officers/organizations" size="sm" fw={600}>
                Organisations
              </AnchorLink>
              <Text size="xl" fw={700}>
                {Object.values(attention.data.organizationsByStatus).reduce((sum, value) => sum + value, 0)}
              </Text>
              <Group gap={6}>
                {Object.entries(attention.data.organizationsByStatus).map(([status, count]) => (
                  <Badge key={status} variant="filled" tt="none" color={ORGANIZATION_STATUS_LABELS[status as OrganizationStatus]?.color ?? 'gray.7'}>
                    {count} {ORGANIZATION_STATUS_LABELS[status as OrganizationStatus]?.label.toLowerCase() ?? status}
                  </Badge>
                ))}
              </Group>
            </Card>
            <Card withBorder padding="md" radius="md">
              <AnchorLink to="/officers/clusters" size="sm" fw={600}>
                Clusters
              </AnchorLink>
              <Text size="xl" fw={700}>
                {Object.values(attention.data.clustersByStatus).reduce((sum, value) => sum + value, 0)}
              </Text>
              <Group gap={6}>
                {Object.entries(attention.data.clustersByStatus).map(([status, count]) => (
                  <Badge key={status} variant="filled" tt="none" color={CLUSTER_STATUS_COLORS[status as ClusterStatus] ?? 'gray.7'}>
                    {count} {statusLabel(status).toLowerCase()}
                  </Badge>
                ))}
              </Group>
            </Card>
            <Card withBorder padding="md" radius="md">
              <AnchorLink to="/officers/organizations" size="sm" fw={600}>
                Revenue this month
              </AnchorLink>
              <Text size="xl" fw={700} data-testid="revenue-this-month">
                {euros(attention.data.revenueThisMonthCents)}
              </Text>
              <Text size="xs" c="dimmed">
                Paid invoices and card orders since the 1st (UTC), VAT included.
              </Text>
            </Card>
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
