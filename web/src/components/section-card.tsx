import { Card, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface SectionCardProps {
  title: string;
  description?: ReactNode;
  /** Anchor id, so a link such as /settings#sessions scrolls to the section. */
  id?: string;
  /** Shown on the right of the title, e.g. a status badge or an action. */
  aside?: ReactNode;
  children: ReactNode;
}

/** A title (the children) with its description under it, dimmed; the description is left out when there is none. */
export function TitleBlock({ gap, description, children }: { gap: number; description?: ReactNode; children: ReactNode }) {
  return (
    <Stack gap={gap}>
      {children}
      {description ? (
        <Text size="sm" c="dimmed">
          {description}
        </Text>
      ) : null}
    </Stack>
  );
}

export function SectionCard({ title, description, id, aside, children }: SectionCardProps) {
  const titleId = id ? `${id}-title` : undefined;
  return (
    <Card withBorder padding="lg" radius="md" component="section" id={id} aria-labelledby={titleId}>
      <Stack gap="md">
        <TitleBlock gap={4} description={description}>
          <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
            <Title order={2} size="h4" id={titleId}>
              {title}
            </Title>
            {aside}
          </div>
        </TitleBlock>
        {children}
      </Stack>
    </Card>
  );
}
