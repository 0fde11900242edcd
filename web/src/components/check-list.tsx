import { List, Text, ThemeIcon } from '@mantine/core';
import type { MantineSpacing } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';

const SIZES = {
  sm: { icon: 20, check: 12, stroke: 2.6 },
  md: { icon: 22, check: 14, stroke: 2.4 },
} as const;

interface CheckListProps {
  items: readonly string[];
  /** The tick's size: `sm` beside body text, `md` (default) in a hero or a side column. */
  size?: keyof typeof SIZES;
  spacing?: MantineSpacing;
  /** The tick's colour (teal by default, a cluster type's own on its page). */
  color?: string;
  /** Items written smaller than the body text. */
  small?: boolean;
}

/** What is included, what happens next: a list whose every item is ticked. */
export function CheckList({ items, size = 'md', spacing = 'xs', color = 'teal', small = false }: CheckListProps) {
  const { icon, check, stroke } = SIZES[size];
  return (
    <List
      spacing={spacing}
      icon={
        <ThemeIcon size={icon} radius="xl" color={color} variant="light">
          <IconCheck size={check} stroke={stroke} />
        </ThemeIcon>
      }
    >
      {items.map((item) => (
        <List.Item key={item}>{small ? <Text size="sm">{item}</Text> : item}</List.Item>
      ))}
    </List>
  );
}
