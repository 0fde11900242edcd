import { ActionIcon, Anchor, Button } from '@mantine/core';
import type { ActionIconProps, AnchorProps, ButtonProps, ElementProps } from '@mantine/core';
import { createLink, type LinkProps } from '@tanstack/react-router';
import type { Ref } from 'react';

// Mantine components rendered as router links, so that `to` stays checked against the route tree.
// Menu items and navigation links are in menu-links.tsx: menus are not part of a page's first load.
// The calls are marked pure so that a module using one of these links does not bring the others.

/** A page of the app a link goes to, checked against the route tree. */
export type LinkTarget = NonNullable<LinkProps['to']>;

export type AnchorElementProps = ElementProps<'a', 'color' | 'style'> & { ref?: Ref<HTMLAnchorElement> };

function ButtonAnchor(props: ButtonProps & AnchorElementProps) {
  return <Button component="a" {...props} />;
}

function TextAnchor(props: AnchorProps & AnchorElementProps) {
  return <Anchor {...props} />;
}

function ActionIconAnchor(props: ActionIconProps & AnchorElementProps) {
  return <ActionIcon component="a" {...props} />;
}

export const ButtonLink = /* @__PURE__ */ createLink(ButtonAnchor);
export const AnchorLink = /* @__PURE__ */ createLink(TextAnchor);
export const ActionIconLink = /* @__PURE__ */ createLink(ActionIconAnchor);
