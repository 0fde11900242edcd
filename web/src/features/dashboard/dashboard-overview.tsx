import { Alert, Badge, Container, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { IconBuilding, IconShieldLock, IconUserCircle } from '@tabler/icons-react';
import { approvalExpectation, ORGANIZATION_STATUS, OrganizationStatusBadge, useAccountProfile } from '../account';
import { formatDateTime } from '../../lib/date-format';
import { useSessionUser } from '../auth';
import { ActiveIncidentsBanner } from '../incidents';
import { ButtonLink } from '../../components/router-links';
import { DetailsList } from '../../components/details-list';
import { SectionCard } from '../../components/section-card';
import { QueryErrorAlert } from '../../components/query-error-alert';
import { DashboardCounts, QuickActions, RecentNotifications } from './dashboard-activity';

/**
 * The console's home. `middlewares` is the organisation's list of them, given by the route: the
 * middlewares feature orders through the checkout, which reaches back to this feature's counts.
 */
export function DashboardOverview({ middlewares }: { middlewares: ReactNode }) {
  const user = useSessionUser();
  const profile = useAccountProfile();
  const organization = profile.data?.organization ?? null;

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} data-testid="dashboard-welcome">
            Welcome, {user.name}
          </Title>
          <Text c="dimmed">{user.companyName ?? 'Your organisation'} on KubeMarket.</Text>
        </Stack>

        <ActiveIncidentsBanner />

        {profile.isPending ? (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" aria-busy="true" aria-label="Loading your overview">
            <Skeleton height={200} radius="md" />
            <Skeleton height={200} radius="md" />
          </SimpleGrid>
        ) : profile.error ? (
          <QueryErrorAlert title="Your overview could not be loaded" query={profile} />
        ) : (
          <>
            {organization && organization.status !== 'active' ? (
              <Alert
                color={ORGANIZATION_STATUS[organization.status].color}
                variant="light"
                icon={<IconBuilding size={18} />}
                title={`Organisation ${ORGANIZATION_STATUS[organization.status].label.toLowerCase()}`}
                data-testid="organization-status-notice"
              >
                <Stack gap={4}>
                  <Text size="sm">{ORGANIZATION_STATUS[organization.status].description}</Text>
                  {organization.status === 'pending' ? (
                    <Text size="sm" data-testid="approval-expectation">
                      {approvalExpectation(organization.approval)} Registered {formatDateTime(organization.createdAt)}.
                    </Text>
                  ) : null}
                </Stack>
              </Alert>
            ) : null}

            <DashboardCounts />

            <SectionCard
              title="Middlewares"
              aside={
                <ButtonLink to="/orders/products" variant="default" size="xs">
                  Catalogue and orders
                </ButtonLink>
              }
            >
              {middlewares}
            </SectionCard>

            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              <SectionCard
                title="Organisation"
                aside={organization ? <OrganizationStatusBadge status={organization.status} /> : null}
              >
                {organization ? (
                  <DetailsList
                    details={[
                      { label: 'Company', value: organization.name, testId: 'dashboard-organization-name' },
                      { label: 'Billing ID', value: organization.billingId, testId: 'dashboard-billing-id' },
                    ]}
                  />
                ) : (
                  <Text size="sm" c="dimmed">
                    Your account is not attached to an organisation.
                  </Text>
                )}
              </SectionCard>

              <SectionCard title="Your account">
                <Stack gap="sm">
                  <Group gap="sm" wrap="nowrap">
                    <ThemeIcon variant="light" size="lg" radius="md">
                      <IconUserCircle size={20} />
                    </ThemeIcon>
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text size="sm" fw={500} truncate>
                        {profile.data.user.email}
                      </Text>
                      <Badge size="xs" variant="light" color={profile.data.user.emailVerified ? 'teal' : 'yellow'} w="fit-content">
                        {profile.data.user.emailVerified ? 'Email verified' : 'Email not verified'}
                      </Badge>
                    </Stack>
                  </Group>
                  <Group gap="sm" wrap="nowrap">
                    <ThemeIcon variant="light" size="lg" radius="md" color={profile.data.totpEnabled ? 'teal' : 'gray'}>
                      <IconShieldLock size={20} />
                    </ThemeIcon>
                    <Text size="sm">
                      {profile.data.totpEnabled
                        ? 'Two-step verification is on.'
                        : 'Two-step verification is off. Turn it on to protect your clusters and invoices.'}
                    </Text>
                  </Group>
                  <Group gap="sm" mt="xs">
                    <ButtonLink to="/account" variant="default" size="xs">
                      Manage account
                    </ButtonLink>
                    <ButtonLink to="/settings" search={{ tab: 'security' }} variant="default" size="xs">
                      Security settings
                    </ButtonLink>
                  </Group>
                </Stack>
              </SectionCard>
            </SimpleGrid>

            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              <RecentNotifications />
              <QuickActions />
            </SimpleGrid>
          </>
        )}
      </Stack>
    </Container>
  );
}
