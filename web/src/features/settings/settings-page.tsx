import { Container, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconKey, IconPalette, IconShieldLock } from '@tabler/icons-react';
import { ApiTokensSection } from '../api-tokens';
import { SessionsSection, TwoFactorSection } from '../security';
import { PreferencesSection } from '../preferences';

import { SETTINGS_TABS, type SettingsTab } from './settings-tabs';

export { SETTINGS_TABS, type SettingsTab };

interface SettingsPageProps {
  tab: SettingsTab;
  onTabChange: (tab: SettingsTab) => void;
}

export function SettingsPage({ tab, onTabChange }: SettingsPageProps) {
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Settings</Title>
          <Text c="dimmed">How you sign in, where you are signed in, the tokens your scripts use, and how prices and the console are shown.</Text>
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
            <ApiTokensSection />
          </Tabs.Panel>
          <Tabs.Panel value="appearance">
            <PreferencesSection />
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}
