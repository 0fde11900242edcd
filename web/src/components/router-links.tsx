import { ActionIcon, Anchor, Button, Menu, NavLink } from '@mantine/core';
import type { ActionIconProps, AnchorProps, ButtonProps, ElementProps, MenuItemProps, NavLinkProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import type { Ref } from 'react';

// Mantine components rendered as router links, so that `to` stays checked against the route tree.

type AnchorElementProps = ElementProps<'a', 'color' | 'style'> & { ref?: Ref<HTMLAnchorElement> };

function ButtonAnchor(props: ButtonProps & AnchorElementProps) {
  return <Button component="a" {...props} />;
}

function MenuItemAnchor(props: MenuItemProps & AnchorElementProps) {
  return <Menu.Item component="a" {...props} />;
}

function TextAnchor(props: AnchorProps & AnchorElementProps) {
  return <Anchor {...props} />;
}

function NavLinkAnchor(props: NavLinkProps & AnchorElementProps) {
  return <NavLink component="a" {...props} />;
}

function ActionIconAnchor(props: ActionIconProps & AnchorElementProps) {
  return <ActionIcon component="a" {...props} />;
}

export const ButtonLink = createLink(ButtonAnchor);
export const MenuItemLink = createLink(MenuItemAnchor);
export const AnchorLink = createLink(TextAnchor);
export const NavLinkLink = createLink(NavLinkAnchor);
export const ActionIconLink = createLink(ActionIconAnchor);
