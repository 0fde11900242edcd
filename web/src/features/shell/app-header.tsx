import { ActionIcon, Container, Group, Menu, Tooltip } from '@mantine/core';
import { IconLayoutDashboard, IconMenu2 } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { ButtonLink, MenuItemLink } from '../../lib/router-links';
import { UserMenu } from '../auth/user-menu';
import { useCurrentUser } from '../auth/use-current-user';
import classes from './app-header.module.css';
import { BrandMark } from './brand-mark';
import { PUBLIC_NAV_LINKS, SIGNED_IN_NAV_LINKS } from './nav-links';
import { ThemeToggle } from './theme-toggle';

export function AppHeader() {
  const { data: user, isPending } = useCurrentUser();
  const navLinks = user ? SIGNED_IN_NAV_LINKS : PUBLIC_NAV_LINKS;

  return (
    <Container size="lg" h="100%">
      <Group h="100%" justify="space-between" wrap="nowrap">
        <Link to="/" className={classes.brand} aria-label="KubeMarket home">
          <BrandMark />
          KubeMarket
        </Link>

        <Group gap={4} component="nav" aria-label="Main" visibleFrom="sm">
          {navLinks.map((link) => (
            <Link key={link.to} to={link.to} className={classes.link} activeOptions={{ exact: link.to === '/' }}>
              {link.label}
            </Link>
          ))}
        </Group>

        <Group gap="xs" wrap="nowrap">
          <ThemeToggle />
          {user ? (
            <>
              <Tooltip label="Dashboard" openDelay={700}>
                <ActionIcon
                  component={Link}
                  to="/dashboard"
                  variant="default"
                  size="lg"
                  aria-label="Dashboard"
                  data-testid="dashboard-link"
                >
                  <IconLayoutDashboard size={18} stroke={1.6} />
                </ActionIcon>
              </Tooltip>
              <UserMenu user={user} />
            </>
          ) : isPending ? null : (
            <ButtonLink to="/auth" size="sm" data-testid="sign-in-link" visibleFrom="xs">
              Sign In
            </ButtonLink>
          )}
          <Menu position="bottom-end" width={200}>
            <Menu.Target>
              <ActionIcon variant="default" size="lg" aria-label="Open navigation" hiddenFrom="sm">
                <IconMenu2 size={18} stroke={1.6} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {navLinks.map((link) => (
                <MenuItemLink key={link.to} to={link.to} activeOptions={{ exact: link.to === '/' }}>
                  {link.label}
                </MenuItemLink>
              ))}
              {user || isPending ? null : (
                <>
                  <Menu.Divider />
                  <MenuItemLink to="/auth">Sign In</MenuItemLink>
                </>
              )}
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>
    </Container>
  );
}
