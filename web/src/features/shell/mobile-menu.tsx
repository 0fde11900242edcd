import { ActionIcon, Affix, Divider, NavLink, Popover, Stack } from '@mantine/core';
import {
  IconBook,
  IconHelpCircle,
  IconHome,
  IconLayoutDashboard,
  IconLogin,
  IconLogout,
  IconMenu2,
  IconSchool,
  IconSettings,
  IconShieldLock,
  IconTag,
  IconX,
} from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';
import { useMatches } from '@tanstack/react-router';
import { useState } from 'react';
import { NavLinkLink } from '../../components/menu-links';
import { useCurrentUser, useLogout } from '../auth';
import { useOfficersAccess } from '../officers';
import { consoleLayoutOf } from './console-layout';
import { toggleDashboardSidebar } from './dashboard-sidebar-event';
import classes from './mobile-menu.module.css';
import navItem from './nav-item.module.css';
import { MOBILE_PUBLIC_LINKS, MOBILE_SIGNED_IN_LINKS, OFFICERS_PANEL_LINK, SETTINGS_LINK } from './nav-links';
import type { NavLink as NavLinkTarget } from './nav-links';
import { useMobileMode } from './use-mobile-mode';

const ICONS: Record<string, Icon> = {
  Dashboard: IconLayoutDashboard,
  Home: IconHome,
  Pricing: IconTag,
  Documentation: IconBook,
  Tutorials: IconSchool,
  Support: IconHelpCircle,
  'Officers Panel': IconShieldLock,
  Settings: IconSettings,
  Login: IconLogin,
};

// Above the dashboard sidebar overlay (a drawer, z-index 200), which the button also opens.
const FLOATING_Z_INDEX = 300;

function PanelLink({ link, onNavigate }: { link: NavLinkTarget; onNavigate: () => void }) {
  const LinkIcon = ICONS[link.label] ?? IconHome;
  return (
    <NavLinkLink
      to={link.to}
      label={link.label}
      leftSection={<LinkIcon size={18} stroke={1.6} aria-hidden />}
      activeOptions={{ exact: link.to === '/' }}
      className={navItem.item}
      onClick={onNavigate}
    />
  );
}

/** Stays in the open panel while pending ('Logging out...'); signing out then closes the panel (see MobileMenu). */
function LogoutLink() {
  const { logout, isPending } = useLogout();
  return (
    <NavLink
      component="button"
      label={isPending ? 'Logging out...' : 'Logout'}
      leftSection={<IconLogout size={18} stroke={1.6} aria-hidden />}
      disabled={isPending}
      color="red"
      active
      variant="subtle"
      className={navItem.item}
      onClick={logout}
      data-testid="mobile-menu-logout"
    />
  );
}

function FloatingMenu() {
  const [opened, setOpened] = useState(false);
  const { data: user } = useCurrentUser();
  const officersAccess = useOfficersAccess();
  const onDashboardPath = useMatches({ select: (matches) => consoleLayoutOf(matches.map((match) => match.routeId)) === 'dashboard' });
  const close = () => setOpened(false);

  const toggle = () => {
    setOpened((current) => !current);
    // docs/product/screens.md#mobile-menu: on a dashboard page the same button also opens or closes the sidebar.
    if (onDashboardPath) toggleDashboardSidebar();
  };

  return (
    <Affix position={{ bottom: 20, right: 20 }} zIndex={FLOATING_Z_INDEX}>
      <Popover opened={opened} onChange={setOpened} position="top-end" width={230} shadow="lg" zIndex={FLOATING_Z_INDEX} withinPortal>
        <Popover.Target>
          <ActionIcon
            size={56}
            radius="xl"
            variant="filled"
            aria-label={opened ? 'Close menu' : 'Open menu'}
            aria-expanded={opened}
            onClick={toggle}
            data-testid="mobile-menu-button"
          >
            {opened ? <IconX size={24} stroke={1.8} /> : <IconMenu2 size={24} stroke={1.8} />}
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown className={classes.panel} data-testid="mobile-menu-panel">
          <Stack component="nav" aria-label="Menu" gap={2}>
            {user ? (
              <>
                {MOBILE_SIGNED_IN_LINKS.map((link) => (
                  <PanelLink key={link.label} link={link} onNavigate={close} />
                ))}
                {officersAccess ? <PanelLink link={OFFICERS_PANEL_LINK} onNavigate={close} /> : null}
                <PanelLink link={SETTINGS_LINK} onNavigate={close} />
                <Divider my={4} />
                <LogoutLink />
              </>
            ) : (
              MOBILE_PUBLIC_LINKS.map((link) => <PanelLink key={link.label} link={link} onNavigate={close} />)
            )}
          </Stack>
        </Popover.Dropdown>
      </Popover>
    </Affix>
  );
}

/** docs/product/screens.md#mobile-menu: in mobile/touch mode, a floating bottom-right button opens the navigation panel. */
export function MobileMenu() {
  const mobile = useMobileMode();
  const { data: user } = useCurrentUser();
  // A new menu for each person signed in (or nobody), so signing in or out closes the panel.
  return mobile ? <FloatingMenu key={user?.id ?? 'signed-out'} /> : null;
}
