import { ActionIcon, Tooltip, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { rootColorScheme } from './root-color-scheme-class';

/** docs/product/screens.md#header: switches between light and dark, from whatever the root class shows now. */
export function ThemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  // The resolved scheme (what the root element currently shows), so "system" flips to its opposite.
  const computedColorScheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const nextColorScheme = computedColorScheme === 'dark' ? 'light' : 'dark';
  const label = `Switch to ${nextColorScheme} theme`;

  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={label}
        data-testid="theme-toggle"
        onClick={() => setColorScheme(rootColorScheme() === 'dark' ? 'light' : 'dark')}
      >
        {computedColorScheme === 'dark' ? <IconSun size={18} stroke={1.6} /> : <IconMoon size={18} stroke={1.6} />}
      </ActionIcon>
    </Tooltip>
  );
}
