import { Badge, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryErrorAlert } from '../../components/query-error-alert';
import { AnchorLink, type LinkTarget } from '../../components/router-links';
import { useTRPC } from '../../lib/trpc';
import { CLUSTER_STATUS_COLORS, euros, ORGANIZATION_STATUS_LABELS, statusLabel } from './staff-format';
import type { Attention, ClusterStatus, OrganizationStatus } from './staff-organizations-types';


interface Item {
  key: string;
  label: string;
  count: number;
  to: LinkTarget;
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
        <QueryErrorAlert title="What needs attention could not be loaded" query={attention} />
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
            <StatusCountCard
              to="/officers/organizations"
              title="Organisations"
              counts={attention.data.organizationsByStatus}
              badge={(status) => {
                const known = ORGANIZATION_STATUS_LABELS[status as OrganizationStatus];
                return { color: known?.color ?? 'gray.7', label: known?.label.toLowerCase() ?? status };
              }}
            />
            <StatusCountCard
              to="/officers/clusters"
              title="Clusters"
              counts={attention.data.clustersByStatus}
              badge={(status) => ({ color: CLUSTER_STATUS_COLORS[status as ClusterStatus] ?? 'gray.7', label: statusLabel(status).toLowerCase() })}
            />
            <PlatformCard to="/officers/organizations" title="Revenue this month" value={euros(attention.data.revenueThisMonthCents)} valueTestId="revenue-this-month">
              <Text size="xs" c="dimmed">
                Paid invoices and card orders since the 1st (UTC), VAT included.
              </Text>
            </PlatformCard>
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}

/** A figure of the platform under the link to the page that lists it, and what it is made of. */
function PlatformCard({ to, title, value, valueTestId, children }: { to: LinkTarget; title: string; value: ReactNode; valueTestId?: string; children: ReactNode }) {
  return (
    <Card withBorder padding="md" radius="md">
      <AnchorLink to={to} size="sm" fw={600}>
        {title}
      </AnchorLink>
      <Text size="xl" fw={700} data-testid={valueTestId}>
        {value}
      </Text>
      {children}
    </Card>
  );
}

/** How many there are in all, then a badge a status with how many have it. */
function StatusCountCard({ to, title, counts, badge }: { to: LinkTarget; title: string; counts: Record<string, number>; badge: (status: string) => { color: string; label: string } }) {
  return (
    <PlatformCard to={to} title={title} value={Object.values(counts).reduce((sum, value) => sum + value, 0)}>
      <Group gap={6}>
        {Object.entries(counts).map(([status, count]) => (
          <Badge key={status} variant="filled" tt="none" color={badge(status).color}>
            {count} {badge(status).label}
          </Badge>
        ))}
      </Group>
    </PlatformCard>
  );
}
