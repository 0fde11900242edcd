import { Button, Group } from '@mantine/core';
import type { ButtonProps } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { createLink } from '@tanstack/react-router';
import type { AnchorElementProps } from './router-links';

function BackAnchor(props: ButtonProps & AnchorElementProps) {
  return (
    <Group>
      <Button component="a" variant="subtle" size="compact-sm" leftSection={<IconArrowLeft size={14} aria-hidden />} {...props} />
    </Group>
  );
}

/** The small "← All middlewares" link above a detail page, back to the page it belongs to. */
export const BackLink = /* @__PURE__ */ createLink(BackAnchor);
