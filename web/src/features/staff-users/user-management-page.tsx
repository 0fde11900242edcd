import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { AnchorLink } from '../../components/router-links';
import { useSessionUser } from '../auth';
import { PromotionRequestsTable } from './promotion-requests';
import { StaffPage } from '../officers';
import { UsersTable } from './users-table';

const ENTRY_POINTS = [
  { to: '/officers/manage-users', title: 'Manage Users', text: 'Find any account; disable it, end its sessions, reset its two-step verification or request its promotion.' },
  { to: '/admin/pending-registrations', title: 'Pending Registrations', text: 'Approve or reject new organisations.' },
  { to: '/admin/promotion-requests', title: 'Promotion Requests', text: 'Four eyes on staff rights: a super admin decides.' },
  { to: '/admin/organization-users', title: 'Organization Users', text: 'Move members between organisations, or remove them.' },
] as const;

/** /user-management: the platform's accounts and their roles, the promotions asked for, and where to act. */
export function UserManagementPage({ onOpenUser }: { onOpenUser: (id: string) => void }) {
  const me = useSessionUser();
  return (
    <StaffPage title="User Management" description="The platform's users with their platform roles, the promotion requests raised, and the staff pages that act on them." minRole="admin">
      <Stack gap="xl">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md" component="nav" aria-label="User administration pages">
          {ENTRY_POINTS.map((entry) => (
            <Card key={entry.to} withBorder padding="md">
              <Stack gap={4}>
                <AnchorLink to={entry.to} fw={600}>
                  {entry.title}
                </AnchorLink>
                <Text size="sm" c="dimmed">
                  {entry.text}
                </Text>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
        <Stack gap="sm">
          <Title order={2}>Promotion requests</Title>
          <PromotionRequestsTable initialStatus={me.role === 'super_admin' ? 'pending' : 'all'} />
        </Stack>
        <Stack gap="sm">
          <Title order={2}>Platform users</Title>
          <UsersTable label="Platform users" onOpen={onOpenUser} />
        </Stack>
      </Stack>
    </StaffPage>
  );
}
