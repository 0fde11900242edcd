import { Affix, Anchor, Button, CloseButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

interface ConsentBannerProps {
  onAcceptAll: () => void;
  onRejectAll: () => void;
  onCustomize: () => void;
  onClose?: () => void;
}

export function ConsentBanner({ onAcceptAll, onRejectAll, onCustomize, onClose }: ConsentBannerProps) {
  return (
    <Affix position={{ bottom: 16, left: 16, right: 16 }} zIndex={250}>
      <Paper
        withBorder
        shadow="lg"
        radius="md"
        p="md"
        maw={960}
        mx="auto"
        component="section"
        role="region"
        aria-label="Cookie consent"
        data-testid="cookie-banner"
      >
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
          <Stack gap={6} style={{ flex: 1 }}>
            <Title order={2} size="h5">
              Your privacy, your choice
            </Title>
            <Text size="sm" c="dimmed">
              We use strictly necessary cookies to sign you in and keep the site secure. With your consent we also use
              functional, analytics and marketing cookies. Nothing optional is stored until you choose, and you can
              change your mind at any time.{' '}
              <Anchor component={Link} to="/cookie-policy" size="sm">
                Read our cookie policy
              </Anchor>
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
      </Paper>
    </Affix>
  );
}
