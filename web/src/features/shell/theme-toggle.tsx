import { ActionIcon, Tooltip, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';

export function ThemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  // The resolved scheme (what the root element currently shows), so "system" flips to its opposite.
  const computedColorScheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const nextColorScheme = computedColorScheme === 'dark' ? 'light' : 'dark';
  const label = `Switch to ${nextColorScheme} theme`;

  return (
    <Tooltip label={label} openDelay={700}>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={label}
        data-testid="theme-toggle"
        onClick={() => setColorScheme(nextColorScheme)}
      >
        {computedColorScheme === 'dark' ? <IconSun size={18} stroke={1.6} /> : <IconMoon size={18} stroke={1.6} />}
      </ActionIcon>
    </Tooltip>
  );
}
