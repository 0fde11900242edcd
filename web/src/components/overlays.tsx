import { Drawer as MantineDrawer, Modal as MantineModal } from '@mantine/core';
import type { DrawerProps, ModalProps } from '@mantine/core';
import { useState } from 'react';

/**
 * Whether an overlay has been opened yet: false until its `opened` first turns true, then true for
 * good (it stays mounted, so it closes with its transition and gives focus back).
 */
function useOpenedOnce(opened: boolean): boolean {
  const [once, setOnce] = useState(opened);
  if (opened && !once) setOnce(true);
  return once || opened;
}

/**
 * Mantine's Modal, rendered from the first time it opens (ADR 54). Closed, Mantine's renders its
 * portal all the same, which mounts in a layout effect and renders the modal's frame (scroll lock,
 * focus return, transition) a second time, synchronously, in the task that hydrates the page: four
 * closed dialogs on /settings alone. Never opened, it is nothing at all. Use it rather than
 * Mantine's (lint-enforced); its props are Mantine's.
 */
export function Modal(props: ModalProps) {
  return useOpenedOnce(props.opened) ? <MantineModal {...props} /> : null;
}

/** Mantine's Drawer, rendered from the first time it opens, as Modal. */
export function Drawer(props: DrawerProps) {
  return useOpenedOnce(props.opened) ? <MantineDrawer {...props} /> : null;
}
