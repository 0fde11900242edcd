import { Group, Stack, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface SuccessHeadingProps {
  /** `page`: the page's own heading (h1); `panel`: a panel's heading (h2) within a page. */
  level: 'page' | 'panel';
  title: ReactNode;
  /** Under the heading: what happened, and what comes next. */
  children: ReactNode;
}

/** A heading that says something went well, behind a green check. */
export function SuccessHeading({ level, title, children }: SuccessHeadingProps) {
  const page = level === 'page';
  return (
    <Group gap="md" wrap="nowrap" align="center">
      <ThemeIcon size={page ? 48 : 44} radius="xl" color="teal" variant="light" aria-hidden>
        <IconCircleCheck size={page ? 30 : 28} stroke={1.8} />
      </ThemeIcon>
      <Stack gap={2}>
        {page ? (
          <Title order={1} data-testid="page-title">
            {title}
          </Title>
        ) : (
          <Title order={2} size="h3">
            {title}
          </Title>
        )}
        {children}
      </Stack>
    </Group>
  );
}
