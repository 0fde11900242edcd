import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { ButtonLink } from '../../components/router-links';

export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const message = error instanceof Error && error.message ? error.message : 'An unexpected error interrupted this page.';

  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="md" ta="center" role="alert">
        <Title order={1}>Something went wrong</Title>
        <Text c="dimmed">{message}</Text>
        <Group>
          <Button
            onClick={() => {
              reset();
              void router.invalidate();
            }}
          >
            Try again
          </Button>
          <ButtonLink to="/" variant="default">
            Back to home
          </ButtonLink>
        </Group>
      </Stack>
    </Container>
  );
}
