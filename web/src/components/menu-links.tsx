import { Menu, NavLink } from '@mantine/core';
import type { MenuItemProps, NavLinkProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import type { AnchorElementProps } from './router-links';

// Mantine's menu items and navigation links rendered as router links (see router-links.tsx).

function MenuItemAnchor(props: MenuItemProps & AnchorElementProps) {
  return <Menu.Item component="a" {...props} />;
}

function NavLinkAnchor(props: NavLinkProps & AnchorElementProps) {
  return <NavLink component="a" {...props} />;
}

export const MenuItemLink = /* @__PURE__ */ createLink(MenuItemAnchor);
export const NavLinkLink = /* @__PURE__ */ createLink(NavLinkAnchor);
