import { useComputedColorScheme } from '@mantine/core';
import { useEffect } from 'react';

export type RootColorScheme = 'light' | 'dark';

/** The scheme the root element shows, from its class (kept by useRootColorSchemeClass). */
export function rootColorScheme(root: Element = document.documentElement): RootColorScheme {
  return root.classList.contains('dark') ? 'dark' : 'light';
}

/**
 * Mantine marks the scheme with data-mantine-color-scheme on <html>; this also keeps a `dark` or
 * `light` class there, the "root class" the theme toggle reads (docs/product/screens.md#header).
 */
export function useRootColorSchemeClass(): void {
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: false });
  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle('dark', scheme === 'dark');
    root.classList.toggle('light', scheme === 'light');
  }, [scheme]);
}
