import { TOOLTIP_OPEN_DELAY_MS } from '@kubemarket/shared';
import { Tooltip, createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
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
