import { Avatar, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout, IconSettings, IconShieldLock } from '@tabler/icons-react';
import { useState } from 'react';
import { MenuItemLink } from '../../components/menu-links';
import { useLogout } from '../auth';
import type { SessionUser } from '../auth';
import { useOfficersAccess } from '../officers';

function initials(user: SessionUser): string {
  const source = user.name.trim() || user.username || user.email;
  const parts = source.split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? `${parts[0]?.[0] ?? ''}${parts[parts.length - 1]?.[0] ?? ''}` : source.slice(0, 2);
  return letters.toUpperCase();
}

/**
 * docs/product/screens.md#header: the signed-in user menu of the header: who is signed in and for which company,
 * Officers Panel when the officers access check says so, Settings and Logout.
 */
export function UserMenu({ user }: { user: SessionUser }) {
  const { logout, isPending } = useLogout();
  const officersAccess = useOfficersAccess();
  const [opened, setOpened] = useState(false);
  const displayName = user.username || user.email;

  return (
    <Menu position="bottom-end" width={260} opened={opened || isPending} onChange={setOpened} withinPortal>
      <Menu.Target>
        <UnstyledButton
          // The name starts with the visible initials (WCAG 2.5.3, label in name).
          aria-label={`${initials(user)}: account menu for ${displayName}`}
          data-testid="user-menu"
          style={{ display: 'flex', alignItems: 'center', gap: 6 }}
        >
          <Avatar size={32} radius="xl" color="blue">
            {initials(user)}
          </Avatar>
          <IconChevronDown size={14} stroke={1.8} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate data-testid="user-menu-name">
            {displayName}
          </Text>
          <Text size="xs" c="dimmed" truncate data-testid="user-menu-email">
            {user.email}
          </Text>
        </Menu.Label>
        <Menu.Label>
          <Text size="xs" fw={500} c="var(--mantine-color-text)" truncate data-testid="user-menu-company">
            {user.companyName || 'Organization'}
          </Text>
          <Text size="xs" c="dimmed" truncate data-testid="user-menu-billing-id">
            {`Billing ID: ${user.companyId || 'N/A'}`}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        {officersAccess ? (
          <MenuItemLink to="/officers/panel" leftSection={<IconShieldLock size={16} stroke={1.6} />} data-testid="officers-panel-link">
            Officers Panel
          </MenuItemLink>
        ) : null}
        <MenuItemLink to="/settings" leftSection={<IconSettings size={16} stroke={1.6} />}>
          Settings
        </MenuItemLink>
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} stroke={1.6} />}
          closeMenuOnClick={false}
          disabled={isPending}
          onClick={logout}
          data-testid="logout-button"
        >
          {isPending ? 'Logging out...' : 'Logout'}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
