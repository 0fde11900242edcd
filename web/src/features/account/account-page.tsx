import { Badge, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { formatDate } from '../../lib/date-format';
import { ButtonLink } from '../../components/router-links';
import { DetailsList } from '../../components/details-list';
import { SectionCard } from '../../components/section-card';
import { ChangeEmailForm, ChangeNameForm, ChangePasswordForm } from './account-forms';
import { ORGANIZATION_STATUS, OrganizationStatusBadge } from './organization-status';
import { useAccountProfile } from './profile-query';
import { QueryErrorAlert } from '../../components/query-error-alert';

export const ROLE_LABELS = {
  user: 'Customer',
  officer: 'Officer',
  admin: 'Administrator',
  super_admin: 'Super administrator',
} as const;

/** /account and /profile: who you are, your organisation, and the changes you can make yourself. */
export function AccountPage() {
  const profile = useAccountProfile();

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Account</Title>
          <Text c="dimmed">Your personal details, your organisation and how you sign in.</Text>
        </Stack>

        {profile.isPending ? (
          <Stack gap="lg" aria-busy="true" aria-label="Loading your account">
            <Skeleton height={180} radius="md" />
            <Skeleton height={160} radius="md" />
          </Stack>
        ) : profile.error ? (
          <QueryErrorAlert title="Your account could not be loaded" query={profile} />
        ) : (
          <>
            <SectionCard title="Your details">
              <DetailsList
                details={[
                  { label: 'Name', value: profile.data.user.name, testId: 'account-name' },
                  { label: 'Username', value: profile.data.user.username },
                  {
                    label: 'Email',
                    value: (
                      <Group gap="xs" component="span">
                        <span data-testid="account-email">{profile.data.user.email}</span>
                        <Badge size="xs" variant="light" color={profile.data.user.emailVerified ? 'teal' : 'yellow'}>
                          {profile.data.user.emailVerified ? 'Verified' : 'Not verified'}
                        </Badge>
                      </Group>
                    ),
                  },
                  { label: 'Role', value: ROLE_LABELS[profile.data.user.role] },
                  { label: 'Member since', value: formatDate(profile.data.createdAt) },
                  {
                    label: 'Two-step verification',
                    value: profile.data.totpEnabled ? 'On' : 'Off',
                  },
                ]}
              />
            </SectionCard>

            <SectionCard
              title="Organisation"
              aside={profile.data.organization ? <OrganizationStatusBadge status={profile.data.organization.status} /> : null}
              description={profile.data.organization ? ORGANIZATION_STATUS[profile.data.organization.status].description : undefined}
            >
              {profile.data.organization ? (
                <DetailsList
                  details={[
                    { label: 'Company', value: profile.data.organization.name, testId: 'organization-name' },
                    { label: 'Billing ID', value: profile.data.organization.billingId, testId: 'billing-id' },
                    { label: 'Your place', value: profile.data.organizationRole === 'owner' ? 'Owner' : 'Member' },
                    { label: 'Created', value: formatDate(profile.data.organization.createdAt) },
                  ]}
                />
              ) : (
                <Text size="sm" c="dimmed">
                  Your account is not attached to an organisation.
                </Text>
              )}
            </SectionCard>

            <SectionCard title="Name" description="How we address you in the console and in emails.">
              <ChangeNameForm key={profile.data.user.name} currentName={profile.data.user.name} />
            </SectionCard>

            <SectionCard
              title="Email address"
              description={
                <>
                  Currently <strong>{profile.data.user.email}</strong>. We send a confirmation link to the new address;
                  the change happens when you open it.
                </>
              }
            >
              <ChangeEmailForm currentEmail={profile.data.user.email} />
            </SectionCard>

            <SectionCard title="Password">
              <ChangePasswordForm />
            </SectionCard>

            <SectionCard
              title="Security"
              description="Two-step verification and the devices signed in to your account are managed in the settings."
            >
              <Group>
                <ButtonLink to="/settings" search={{ tab: 'security' }} variant="default">
                  Open security settings
                </ButtonLink>
              </Group>
            </SectionCard>
          </>
        )}
      </Stack>
    </Container>
  );
}
