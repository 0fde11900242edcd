import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { TitleBlock } from '../../components/section-card';

interface AuthCardProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Shown under the card, e.g. a way back to signing in. */
  footer?: ReactNode;
}

/** The centred card every sign-in, registration and account-recovery screen sits in. */
export function AuthCard({ title, description, children, footer }: AuthCardProps) {
  return (
    <Container size={480} py={{ base: 40, sm: 72 }}>
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', sm: 'xl' }}>
        <Stack gap="lg">
          <TitleBlock gap={6} description={description}>
            <Title order={1} size="h2">
              {title}
            </Title>
          </TitleBlock>
          {children}
        </Stack>
      </Paper>
      {footer ? (
        <Text size="sm" ta="center" mt="md" c="dimmed">
          {footer}
        </Text>
      ) : null}
    </Container>
  );
}
