import { Anchor, Button, Menu } from '@mantine/core';
import type { AnchorProps, ButtonProps, ElementProps, MenuItemProps } from '@mantine/core';
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

export const ButtonLink = createLink(ButtonAnchor);
export const MenuItemLink = createLink(MenuItemAnchor);
export const AnchorLink = createLink(TextAnchor);
