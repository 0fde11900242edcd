import { Anchor, Badge, Box, Container, Grid, List, Stack, Text, Title } from '@mantine/core';
import type { ContainerProps } from '@mantine/core';
import type { ReactNode } from 'react';

interface PublicPageProps {
  /** Small label above the title, e.g. "Legal" or "Support". */
  eyebrow?: string;
  title: string;
  description?: ReactNode;
  /** Shown under the description, e.g. call-to-action buttons. */
  actions?: ReactNode;
  size?: ContainerProps['size'];
  children: ReactNode;
}

/** The frame of every public content page: one h1, an introduction, then sections. */
export function PublicPage({ eyebrow, title, description, actions, size = 'lg', children }: PublicPageProps) {
  return (
    <Container size={size} py={{ base: 40, sm: 64 }}>
      <Stack gap={40}>
        <Stack gap="sm" maw={760}>
          {eyebrow ? (
            <Badge variant="light" radius="sm" w="fit-content">
              {eyebrow}
            </Badge>
          ) : null}
          <Title order={1} data-testid="page-title">
            {title}
          </Title>
          {description ? (
            <Text size="lg" c="dimmed">
              {description}
            </Text>
          ) : null}
          {actions ? <Box mt="xs">{actions}</Box> : null}
        </Stack>
        {children}
      </Stack>
    </Container>
  );
}

/** The two columns of the request and ticket pages from md up (`first` takes `firstSpan` of 12), one above the other below. */
export function PageColumns({ first, second, firstSpan }: { first: ReactNode; second: ReactNode; firstSpan: number }) {
  return (
    <Grid gap={{ base: 'xl', md: 48 }}>
      <Grid.Col span={{ base: 12, md: firstSpan }}>{first}</Grid.Col>
      <Grid.Col span={{ base: 12, md: 12 - firstSpan }}>{second}</Grid.Col>
    </Grid>
  );
}

interface PageSectionProps {
  id?: string;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
}

export function PageSection({ id, title, description, children }: PageSectionProps) {
  const titleId = id ? `${id}-title` : undefined;
  return (
    <Stack component="section" gap="md" id={id} aria-labelledby={titleId} style={{ scrollMarginTop: 80 }}>
      <Stack gap={4}>
        <Title order={2} id={titleId}>
          {title}
        </Title>
        {description ? <Text c="dimmed">{description}</Text> : null}
      </Stack>
      {children}
    </Stack>
  );
}

/** A numbered legal clause: heading and paragraphs or lists. */
export function Clause({ id, title, children }: { id?: string; title: string; children: ReactNode }) {
  return (
    <Stack component="section" gap="xs" id={id} style={{ scrollMarginTop: 80 }}>
      <Title order={2} size="h3">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

export function Paragraph({ children }: { children: ReactNode }) {
  return <Text lh={1.7}>{children}</Text>;
}

export function Bullets({ items }: { items: readonly ReactNode[] }) {
  return (
    <List spacing={6} lh={1.6}>
      {items.map((item, index) => (
        <List.Item key={index}>{item}</List.Item>
      ))}
    </List>
  );
}

export function MailLink({ address }: { address: string }) {
  return <Anchor href={`mailto:${address}`}>{address}</Anchor>;
}
