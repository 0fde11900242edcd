import { TOOLTIP_OPEN_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '@kubemarket/shared';
import { Group, Tooltip } from '@mantine/core';
import { IconHome, IconLayoutDashboard } from '@tabler/icons-react';
import { ActionIconLink, ButtonLink } from '../../components/router-links';
import { useHydrationSignal } from '../../lib/hydration';
import type { SessionUser } from '../auth';
import { NotificationBell } from '../notifications';
import { ThemeToggle } from './theme-toggle';
import { UserMenu } from './user-menu';

/**
 * The header's controls (home, theme, notifications, dashboard, account menu or Sign In). Their
 * tooltips, menus and popovers (Floating UI) load in a chunk of their own after the first paint.
 */
export function HeaderActions({ user, isPending }: { user: SessionUser | null | undefined; isPending: boolean }) {
  useHydrationSignal('header-controls');
  return (
    // docs/product/constants.md#tooltips: once one tooltip has opened, the next opens without waiting within 300 ms.
    <Tooltip.Group openDelay={TOOLTIP_OPEN_DELAY_MS} closeDelay={TOOLTIP_SKIP_DELAY_MS}>
      <Group gap="xs" wrap="nowrap">
        <Tooltip label="Home">
          <ActionIconLink to="/" variant="default" size="lg" aria-label="Home" data-testid="home-icon" activeOptions={{ exact: true }}>
            <IconHome size={18} stroke={1.6} />
          </ActionIconLink>
        </Tooltip>
        <ThemeToggle />
        {user ? (
          <>
            <NotificationBell />
            <Tooltip label="Dashboard">
              <ActionIconLink to="/dashboard" variant="default" size="lg" aria-label="Dashboard" data-testid="dashboard-link">
                <IconLayoutDashboard size={18} stroke={1.6} />
              </ActionIconLink>
            </Tooltip>
            <UserMenu user={user} />
          </>
        ) : isPending ? null : (
          <ButtonLink to="/auth" size="sm" data-testid="sign-in-link">
            Sign In
          </ButtonLink>
        )}
      </Group>
    </Tooltip.Group>
  );
}
