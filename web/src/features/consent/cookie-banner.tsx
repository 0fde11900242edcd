import { Box, Button, CloseButton, Group, Stack, Text, useMantineTheme } from '@mantine/core';
import { Link } from '@tanstack/react-router';

interface ConsentBannerProps {
  onAcceptAll: () => void;
  onRejectAll: () => void;
  onCustomize: () => void;
  onClose?: () => void;
}

/**
 * The cookie banner (docs/product/states.md#cookie-consent), floating over the bottom of the page (nothing moves when it
 * appears). On a first visit it is the largest thing on the screen, so it is built only from what
 * every page has already loaded (Box, Group, Stack, Text, Button, CloseButton, with style props
 * where Affix, Paper, Title and Anchor would have been) and needs no style sheet of its own: its
 * code is preloaded with every page (route-preloads.json's shell) and it shows as soon as the
 * page's frame does (issue 17).
 */
export function ConsentBanner({ onAcceptAll, onRejectAll, onCustomize, onClose }: ConsentBannerProps) {
  const theme = useMantineTheme();
  return (
    // Where Mantine's Affix put it: 16 px from the bottom and the sides, above the page. In place, not
    // in a portal: a page rendered on the server (ADR 0045) shows it in its first paint, and hydrates it.
    <Box pos="fixed" bottom={16} left={16} right={16} style={{ zIndex: 250 }}>
      {/* Mantine's Paper with a border, the lg shadow and md radius and padding. */}
      <Box
        component="section"
        role="region"
        aria-label="Cookie consent"
        data-testid="cookie-banner"
        maw={960}
        mx="auto"
        p="md"
        bg="var(--mantine-color-body)"
        c="var(--mantine-color-text)"
        bd="1px solid var(--mantine-color-default-border)"
        style={{ borderRadius: 'var(--mantine-radius-md)', boxShadow: 'var(--mantine-shadow-lg)' }}
      >
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
          <Stack gap={6} style={{ flex: 1 }}>
            <Text component="h2" m={0} ff="heading" fz="h5" lh="h5" fw={700}>
              Your privacy, your choice
            </Text>
            <Text size="sm" c="dimmed">
              We use strictly necessary cookies to sign you in and keep the site secure. With your consent we also use
              functional, analytics and marketing cookies. Nothing optional is stored until you choose, and you can
              change your mind at any time.{' '}
              {/* A link inside a sentence: the anchor colour, always underlined (WCAG 1.4.1). */}
              <Link to="/cookie-policy" className={theme.focusClassName} style={{ color: 'var(--mantine-color-anchor)', textDecoration: 'underline' }}>
                Read our cookie policy
              </Link>
              .
            </Text>
            <Group gap="xs" mt={4}>
              <Button size="xs" onClick={onAcceptAll} data-testid="cookie-accept-all">
                Accept All
              </Button>
              <Button size="xs" variant="default" onClick={onRejectAll} data-testid="cookie-reject-all">
                Reject All
              </Button>
              <Button size="xs" variant="subtle" onClick={onCustomize} data-testid="cookie-customize">
                Customize
              </Button>
            </Group>
          </Stack>
          {onClose ? <CloseButton aria-label="Close cookie banner" onClick={onClose} /> : null}
        </Group>
      </Box>
    </Box>
  );
}
