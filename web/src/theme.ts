import { TOOLTIP_OPEN_DELAY_MS } from '@kubemarket/shared';
import { Tooltip, createTheme, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  // WCAG AA: shade 8 (#1971c2) under white text is 4.9:1 where shade 6 was 3.5:1, and filled
  // components of every other colour pick black or white text by the background's luminance.
  primaryShade: 8,
  autoContrast: true,
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: {
    fontWeight: '700',
  },
  components: {
    // SPEC.md section 9: tooltips open after 700 ms (the skip delay is the Tooltip.Group in main.tsx).
    Tooltip: Tooltip.extend({ defaultProps: { openDelay: TOOLTIP_OPEN_DELAY_MS } }),
  },
});

/** Colours whose light variant (badges, alerts) is text on a pale tint of the same colour. */
const TINTED = ['blue', 'red', 'green', 'teal', 'cyan', 'grape', 'violet', 'indigo', 'pink', 'gray', 'orange', 'yellow', 'lime'] as const;

/**
 * WCAG AA (4.5:1 for body text), measured with axe: Mantine's light "dimmed" (gray.6, 3.3:1 on
 * white) becomes gray.7 (8:1); its dark "dimmed" (dark.2 on dark.7, about 4:1) becomes dark.1; the
 * light error red becomes red.9 (5.4:1) and the dark one red.4; light-variant text is the darkest shade of its colour.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    ...Object.fromEntries(TINTED.map((color) => [`--mantine-color-${color}-light-color`, `var(--mantine-color-${color}-9)`])),
  },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)', '--mantine-color-error': 'var(--mantine-color-red-4)' },
});
