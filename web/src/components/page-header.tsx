import { Container, Group, Stack, Text, Title } from '@mantine/core';
import type { ContainerProps } from '@mantine/core';
import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: string;
  description: ReactNode;
  /** On the right of the title: the page's main actions, or its price controls. */
  actions?: ReactNode;
  /** The widest the title and description run (760 px by default). */
  maw?: number;
}

/** The page's one h1, what it is for, and its main actions. */
export function PageHeader({ title, description, actions, maw = 760 }: PageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
      <Stack gap={4} maw={maw}>
        <Title order={1} data-testid="page-title">
          {title}
        </Title>
        <Text c="dimmed">{description}</Text>
      </Stack>
      {actions ? <Group gap="sm">{actions}</Group> : null}
    </Group>
  );
}

interface PageLayoutProps extends PageHeaderProps {
  size?: ContainerProps['size'];
  /** Room kept under the content (a bar fixed at the bottom of the screen). */
  pb?: ContainerProps['pb'];
  children: ReactNode;
}

/** A console or catalogue page: its header (PageHeader), then its content, one block under the other. */
export function PageLayout({ size = 'xl', pb, children, ...header }: PageLayoutProps) {
  return (
    <Container size={size} py="xl" pb={pb}>
      <Stack gap="lg">
        <PageHeader {...header} />
        {children}
      </Stack>
    </Container>
  );
}
