import { Alert, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { QueryErrorAlert } from '../../components/query-error-alert';
import { ButtonLink } from '../../components/router-links';
import { useSessionUser } from '../auth';
import { useStaffAccess } from './use-staff-access';

import { PLATFORM_ROLE_RANK as RANK, type PlatformRole } from '@kubemarket/shared';

const ROLE_NAMES: Record<PlatformRole, string> = { user: 'a customer account', officer: 'an officer account', admin: 'an admin account', super_admin: 'a super admin account' };

interface StaffPageProps {
  title: string;
  description: ReactNode;
  /** The lowest platform role the page is for (officer by default); the server refuses the others anyway. */
  minRole?: 'officer' | 'admin';
  children: ReactNode;
}

/**
 * A page of the staff console: its title, then its content for the roles it is for. While the
 * access check runs a skeleton holds the space; a failed check is told apart from a refusal; anyone
 * else is told plainly why not.
 */
export function StaffPage({ title, description, minRole = 'officer', children }: StaffPageProps) {
  const access = useStaffAccess();
  const user = useSessionUser();
  const rankAllowed = RANK[user.role as PlatformRole] >= RANK[minRole];
  return (
    <Container fluid px={{ base: 'md', md: 'xl' }} py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} data-testid="page-title">
            {title}
          </Title>
          <Text c="dimmed">{description}</Text>
        </Stack>
        {access.status === 'granted' && rankAllowed ? (
          children
        ) : access.status === 'checking' ? (
          <Stack gap="sm" aria-busy="true" aria-label="Checking your access">
            <Skeleton height={36} />
            <Skeleton height={240} />
          </Stack>
        ) : access.status === 'failed' ? (
          <QueryErrorAlert title="Your access could not be checked" error={access.error} retrying={access.retrying} onRetry={access.retry} />
        ) : (
          <StaffAccessRequired minRole={minRole} role={user.role as PlatformRole} />
        )}
      </Stack>
    </Container>
  );
}

function StaffAccessRequired({ minRole, role }: { minRole: 'officer' | 'admin'; role: PlatformRole }) {
  const who = minRole === 'admin' ? 'administrators (admins and super admins)' : 'staff (officers, admins and super admins)';
  return (
    <Alert color="gray" variant="light" icon={<IconLock size={18} />} title={role === 'user' ? 'You need staff access' : 'You cannot open this page'} role="alert" data-testid="staff-access-required">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          This page is for KubeMarket {who}. Your account is {ROLE_NAMES[role] ?? 'a customer account'}. If you think you should have access, ask a KubeMarket
          administrator.
        </Text>
        <Group>
          <ButtonLink to="/dashboard" variant="default" size="xs">
            Back to dashboard
          </ButtonLink>
        </Group>
      </Stack>
    </Alert>
  );
}
