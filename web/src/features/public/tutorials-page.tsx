import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { CardProps } from '@mantine/core';
import { createLink } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, Ref } from 'react';
import { IconClock } from '@tabler/icons-react';
import { PublicPage } from './public-page';
import { TUTORIALS } from './tutorials';
import type { Tutorial } from './tutorials';

function CardAnchor(props: CardProps & AnchorHTMLAttributes<HTMLAnchorElement> & { ref?: Ref<HTMLAnchorElement> }) {
  return <Card component="a" {...props} />;
}

/** A card that is a router link, so `to` stays checked against the route tree. */
const CardLink = createLink(CardAnchor);

const LEVEL_COLORS: Record<Tutorial['level'], string> = { Beginner: 'teal', Intermediate: 'blue', Advanced: 'violet' };

/** A tutorial's level and how long it takes, as its card and its page show them. */
export function TutorialLevel({ tutorial }: { tutorial: Pick<Tutorial, 'level' | 'minutes'> }) {
  return (
    <>
      <Badge color={LEVEL_COLORS[tutorial.level]} variant="light">
        {tutorial.level}
      </Badge>
      <Group gap={4} c="dimmed">
        <IconClock size={14} />
        <Text size="xs">{tutorial.minutes} min</Text>
      </Group>
    </>
  );
}

export function TutorialsPage() {
  return (
    <PublicPage
      eyebrow="Tutoriels & Docs"
      title="Tutorials"
      description="Step-by-step guides written by our engineers. Each one runs on a real KubeMarket cluster; a Sandbox is enough for most of them."
    >
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        {TUTORIALS.map((tutorial) => (
          <CardLink
            key={tutorial.slug}
            withBorder
            radius="md"
            padding="lg"
            to="/tutorials/$slug"
            params={{ slug: tutorial.slug }}
            data-testid="tutorial-card"
          >
            <Stack gap="sm" h="100%">
              <Group gap="xs">
                <TutorialLevel tutorial={tutorial} />
              </Group>
              <Title order={2} size="h4">
                {tutorial.title}
              </Title>
              <Text size="sm" c="dimmed" style={{ flexGrow: 1 }}>
                {tutorial.summary}
              </Text>
              <Group gap={6}>
                {tutorial.tags.map((tag) => (
                  <Badge key={tag} variant="default" size="xs" radius="sm">
                    {tag}
                  </Badge>
                ))}
              </Group>
            </Stack>
          </CardLink>
        ))}
      </SimpleGrid>
    </PublicPage>
  );
}
