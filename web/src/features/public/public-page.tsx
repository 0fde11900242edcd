import { Anchor, Badge, Box, Card, Container, Grid, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
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
          <PageHeading title={title} lead={description} />
          {actions ? <Box mt="xs">{actions}</Box> : null}
        </Stack>
        {children}
      </Stack>
    </Container>
  );
}

/** A public page's one h1 and, under it, its lead paragraph. */
export function PageHeading({ title, lead }: { title: ReactNode; lead?: ReactNode }) {
  return (
    <>
      <Title order={1} data-testid="page-title">
        {title}
      </Title>
      {lead ? (
        <Text size="lg" c="dimmed">
          {lead}
        </Text>
      ) : null}
    </>
  );
}

/** A card of a public page: a bold title over a short dimmed text. */
export function TextCard({ title, text }: { title: string; text: string }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Text fw={600} mb={6}>
        {title}
      </Text>
      <Text size="sm" c="dimmed">
        {text}
      </Text>
    </Card>
  );
}

/** Short facts of a section, a bold title over a dimmed text each, side by side from `sm` up. */
export function FactGrid({ facts, columns }: { facts: readonly { title: string; text: string }[]; columns: 2 | 4 }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: columns }} spacing="lg">
      {facts.map((fact) => (
        <Stack key={fact.title} gap={4}>
          <Text fw={600}>{fact.title}</Text>
          <Text size="sm" c="dimmed">
            {fact.text}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
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
