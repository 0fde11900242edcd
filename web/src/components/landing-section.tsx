import { Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface LandingSectionProps {
  /** The section's anchor; its title is `${id}-title`, which names the section. */
  id: string;
  title: string;
  /** The dimmed paragraph under the title. */
  intro: ReactNode;
  children: ReactNode;
}

/** A section of the home page: a roomy band with its title and introduction above what it shows. */
export function LandingSection({ id, title, intro, children }: LandingSectionProps) {
  const titleId = `${id}-title`;
  return (
    <Container size="lg" py={{ base: 48, sm: 72 }} component="section" id={id} aria-labelledby={titleId}>
      <Stack gap="xl">
        <Stack gap="xs" maw={640}>
          <Title order={2} id={titleId}>
            {title}
          </Title>
          <Text c="dimmed">{intro}</Text>
        </Stack>
        {children}
      </Stack>
    </Container>
  );
}
