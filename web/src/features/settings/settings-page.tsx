import { Container, Stack, Tabs, Text, Title } from '@mantine/core';
import { roleCan } from '@kubemarket/shared';
import { IconHistory, IconKey, IconPalette, IconShieldLock, IconUsersGroup } from '@tabler/icons-react';
import { ApiTokensSection, ServiceAccountsSection } from '../tokens';
import { useCurrentUser } from '../auth';
import { SessionsSection, TwoFactorSection } from '../security';
import { PreferencesSection } from '../preferences';
import { ActivityLog, TeamSection } from '../team';
import { WebhooksLink } from '../webhooks';

import { SETTINGS_TABS, type SettingsTab } from './settings-tabs';

export { SETTINGS_TABS, type SettingsTab };

interface SettingsPageProps {
  tab: SettingsTab;
  onTabChange: (tab: SettingsTab) => void;
}

export function SettingsPage({ tab, onTabChange }: SettingsPageProps) {
  const { data: user } = useCurrentUser();
  // The audit log is for owners and administrators (audit:read); the server refuses the others.
  const readsActivity = user ? roleCan(user.organizationRole, 'audit:read') : false;
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Settings</Title>
          <Text c="dimmed">How you sign in, where you are signed in, the tokens your scripts use, your team and its activity, and how prices and the console are shown.</Text>
          <WebhooksLink />
        </Stack>
        <Tabs
          value={tab}
          onChange={(value) => {
            const next = SETTINGS_TABS.find((candidate) => candidate === value);
            if (next) onTabChange(next);
          }}
        >
          <Tabs.List mb="lg">
            <Tabs.Tab value="security" leftSection={<IconShieldLock size={16} />}>
              Security
            </Tabs.Tab>
            <Tabs.Tab value="api-tokens" leftSection={<IconKey size={16} />}>
              API tokens
            </Tabs.Tab>
            <Tabs.Tab value="team" leftSection={<IconUsersGroup size={16} />}>
              Team
            </Tabs.Tab>
            {readsActivity ? (
              <Tabs.Tab value="activity" leftSection={<IconHistory size={16} />}>
                Activity
              </Tabs.Tab>
            ) : null}
            <Tabs.Tab value="appearance" leftSection={<IconPalette size={16} />}>
              Appearance
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="security">
            <Stack gap="lg">
              <TwoFactorSection />
              <SessionsSection />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="api-tokens">
            <Stack gap="lg">
              <ApiTokensSection />
              <ServiceAccountsSection />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="team">{tab === 'team' ? <TeamSection /> : null}</Tabs.Panel>
          {readsActivity ? (
            <Tabs.Panel value="activity">{tab === 'activity' ? <ActivityLog scope="organization" /> : null}</Tabs.Panel>
          ) : null}
          <Tabs.Panel value="appearance">
            <PreferencesSection />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}
