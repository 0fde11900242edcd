import { Alert, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { QueryErrorAlert } from '../../components/query-error-alert';
import { ButtonLink } from '../../components/router-links';
import { useStaffAccess } from '../officers';

interface StaffPageProps {
  title: string;
  description: ReactNode;
  children: ReactNode;
}

/** A staff page: its title, then its content for staff only; anyone else is told plainly why not. */
export function StaffPage({ title, description, children }: StaffPageProps) {
  const access = useStaffAccess();
  return (
    <Container fluid px={{ base: 'md', md: 'xl' }} py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} data-testid="page-title">
            {title}
          </Title>
          <Text c="dimmed">{description}</Text>
        </Stack>
        {access.status === 'granted' ? (
          children
        ) : access.status === 'checking' ? (
          <Stack gap="sm" aria-busy="true" aria-label="Checking your access">
            <Skeleton height={36} />
            <Skeleton height={240} />
          </Stack>
        ) : access.status === 'failed' ? (
          <QueryErrorAlert title="Your access could not be checked" error={access.error} retrying={access.retrying} onRetry={access.retry} />
        ) : (
          <StaffAccessRequired />
        )}
      </Stack>
    </Container>
  );
}

function StaffAccessRequired() {
  return (
    <Alert color="gray" variant="light" icon={<IconLock size={18} />} title="You need staff access" role="alert" data-testid="staff-access-required">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          This page is for KubeMarket staff (officers, admins and super admins). Your account is a customer account, so it cannot view or change
          the catalogue. If you think you should have access, ask a KubeMarket administrator.
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
