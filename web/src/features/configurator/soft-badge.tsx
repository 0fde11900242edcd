import { Badge } from '@mantine/core';
import type { BadgeProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A tinted badge whose text keeps the page's text colour: the light variant's coloured text is below
 * the 4.5:1 contrast WCAG asks of small text on its own tint (teal, orange) in the light theme.
 */
export function SoftBadge({ children, ...props }: Omit<BadgeProps, 'variant' | 'c'> & { children: ReactNode }) {
  return (
    <Badge variant="light" c="var(--mantine-color-text)" {...props}>
      {children}
    </Badge>
  );
}
