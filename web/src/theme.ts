import { TOOLTIP_OPEN_DELAY_MS } from '@kubemarket/shared';
import { createTheme, type CSSVariablesResolver } from '@mantine/core';
import classes from './theme.module.css';

export const theme = createTheme({
  primaryColor: 'blue',
  // WCAG AA: shade 8 (#1971c2) under white text is 5.0:1 where shade 6 was 3.5:1; as text it is
  // 5.0:1 on white, and the dark scheme's primary text and links are blue.4 (6.3:1 on dark.7).
  primaryShade: 8,
  autoContrast: true,
  // Filled components pick black or white text by the background's luminance. Mantine's 0.3 put
  // white on teal, green and orange (3.5 to 3.9:1); white reaches 4.5:1 up to a luminance of 0.183
  // (red.8, 4.5:1 stays white) and black has the better contrast above it (teal.8: 5.3:1).
  luminanceThreshold: 0.19,
  focusClassName: classes.focusRing,
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: {
    fontWeight: '700',
  },
  // Plain objects rather than Component.extend(): importing Tooltip or Notification here would put
  // them (and Floating UI) in every page's first load.
  components: {
    Anchor: { classNames: { root: classes.anchor } },
    Badge: { classNames: { root: classes.badgeRoot, label: classes.badgeLabel } },
    // Mantine's Paper (and so Card) sets `outline: 0`: one that is a link or a button (the tutorial
    // cards) would show no focus at all.
    Card: { classNames: { root: classes.focusRing } },
    // A Select's (MultiSelect's, Autocomplete's) options render when its list opens, not with the
    // page: Mantine keeps a closed list mounted (hidden, in a scroll area, positioned by floating-ui,
    // which renders it again at once), in the same task as the page's hydration (ADR 53, ADR 54).
    Combobox: { defaultProps: { keepMounted: false } },
    Paper: { classNames: { root: classes.focusRing } },
    // Every toast's close button is named (axe button-name): Mantine's is an icon alone.
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } }, classNames: { description: classes.notificationDescription } },
    // docs/product/constants.md#tooltips: tooltips open after 700 ms (the skip delay is the Tooltip.Group of the header's
    // controls and of the signed-in layout).
    Tooltip: { defaultProps: { openDelay: TOOLTIP_OPEN_DELAY_MS } },
  },
});

/** Colours whose light variant (badges, alerts) is text on a pale tint of the same colour. */
const TINTED = ['blue', 'red', 'green', 'teal', 'cyan', 'grape', 'violet', 'indigo', 'pink', 'gray', 'orange', 'yellow', 'lime'] as const;

/**
 * Text of these colours on a light surface. Their darkest Mantine shade is at most 4.5:1 on the
 * shade-1 tint of a light badge (teal.9 4.3:1, orange.9 3.6:1, yellow.9 2.7:1, red.9 4.51:1) or
 * their filled shade, which coloured text uses, is under it on white (cyan.8 4.4:1), so the shade 9
 * is darkened until it is 4.7:1 or more on that tint (and 5.2:1 or more on white); the hue stays.
 */
const DARK_TEXT = { red: '#c32929', cyan: '#0b7285', teal: '#087756', green: '#267937', lime: '#4b780b', yellow: '#a65600', orange: '#b83d0d' } as const;

function lightText(color: (typeof TINTED)[number]): string {
  return color in DARK_TEXT ? DARK_TEXT[color as keyof typeof DARK_TEXT] : `var(--mantine-color-${color}-9)`;
}

/**
 * WCAG AA (4.5:1 for body text), measured with axe: Mantine's light "dimmed" (gray.6, 3.3:1 on
 * white) becomes gray.7 (8:1); its dark "dimmed" (dark.2 on dark.7, about 4:1) becomes dark.1; the
 * light error red becomes red.9 (5.4:1) and the dark one red.4; in the light scheme, light-variant
 * text (badges, alerts) and coloured text (`c="teal"`, outline variants) use the dark text above.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    ...Object.fromEntries(TINTED.map((color) => [`--mantine-color-${color}-light-color`, lightText(color)])),
    ...Object.fromEntries(Object.entries(DARK_TEXT).flatMap(([color, text]) => [[`--mantine-color-${color}-text`, text], [`--mantine-color-${color}-outline`, text]])),
  },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)', '--mantine-color-error': 'var(--mantine-color-red-4)' },
});
