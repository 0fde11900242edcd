import { Container, Stack, Text, Title } from '@mantine/core';
import { ButtonLink } from '../../components/router-links';

export function NotFoundPage() {
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md" ta="center">
        <Text fz={64} fw={800} c="dimmed" lh={1} aria-hidden>
          404
        </Text>
        <Title order={1} data-testid="not-found">
          Page not found
        </Title>
        <Text c="dimmed">
          The page you are looking for does not exist or has moved. Check the address, or go back to the home page
          to browse our managed Kubernetes offers.
        </Text>
        <ButtonLink to="/">Back to home</ButtonLink>
      </Stack>
    </Container>
  );
}
