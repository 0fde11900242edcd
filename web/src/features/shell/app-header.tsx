import { ActionIcon, Container, Group, Menu } from '@mantine/core';
import { IconMenu2 } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { MenuItemLink } from '../../lib/router-links';
import classes from './app-header.module.css';
import { BrandMark } from './brand-mark';
import { PUBLIC_NAV_LINKS } from './nav-links';
import { ThemeToggle } from './theme-toggle';

export function AppHeader() {
  return (
    <Container size="lg" h="100%">
      <Group h="100%" justify="space-between" wrap="nowrap">
        <Link to="/" className={classes.brand} aria-label="KubeMarket home">
          <BrandMark />
          KubeMarket
        </Link>

        <Group gap={4} component="nav" aria-label="Main" visibleFrom="sm">
          {PUBLIC_NAV_LINKS.map((link) => (
            <Link key={link.to} to={link.to} className={classes.link} activeOptions={{ exact: link.to === '/' }}>
              {link.label}
            </Link>
          ))}
        </Group>

        <Group gap="xs" wrap="nowrap">
          <ThemeToggle />
          <Menu position="bottom-end" width={200}>
            <Menu.Target>
              <ActionIcon variant="default" size="lg" aria-label="Open navigation" hiddenFrom="sm">
                <IconMenu2 size={18} stroke={1.6} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {PUBLIC_NAV_LINKS.map((link) => (
                <MenuItemLink key={link.to} to={link.to} activeOptions={{ exact: link.to === '/' }}>
                  {link.label}
                </MenuItemLink>
              ))}
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>
    </Container>
  );
}
