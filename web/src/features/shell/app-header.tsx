import { Group, Tooltip } from '@mantine/core';
import { IconHome, IconLayoutDashboard } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { ActionIconLink, ButtonLink } from '../../components/router-links';
import { useCurrentUser } from '../auth';
import { NotificationBell } from '../notifications';
import classes from './app-header.module.css';
import { BrandMark } from './brand-mark';
import { PUBLIC_NAV_LINKS, SIGNED_IN_NAV_LINKS } from './nav-links';
import { ThemeToggle } from './theme-toggle';
import { UserMenu } from './user-menu';
import { useMobileMode } from './use-mobile-mode';

/**
 * SPEC.md section 2: the site header. In mobile/touch mode the navigation moves to the floating
 * menu button (MobileMenu) and the brand keeps only its mark.
 */
export function AppHeader() {
  const { data: user, isPending } = useCurrentUser();
  const mobile = useMobileMode();
  const navLinks = user ? SIGNED_IN_NAV_LINKS : PUBLIC_NAV_LINKS;

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Link to="/" className={classes.brand} aria-label="KubeMarket home">
        <BrandMark />
        {mobile ? null : 'KubeMarket'}
      </Link>

      {mobile ? null : (
        <Group gap={4} component="nav" aria-label="Main" wrap="nowrap">
          {navLinks.map((link) => (
            <Link key={link.to} to={link.to} className={classes.link} activeOptions={{ exact: link.to === '/' }}>
              {link.label}
            </Link>
          ))}
        </Group>
      )}

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
    </Group>
  );
}
