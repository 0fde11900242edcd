import { List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { PageColumns, PublicPage } from './public-page';

interface LeadPageProps {
  eyebrow: string;
  title: string;
  description: ReactNode;
  /** Heading of the side column. */
  asideTitle: string;
  points: readonly string[];
  /** Under the points, e.g. a direct email address. */
  asideFooter?: ReactNode;
  form: ReactNode;
}

/** The two-column layout of the request pages: what to expect on the left, the form on the right. */
export function LeadPage({ eyebrow, title, description, asideTitle, points, asideFooter, form }: LeadPageProps) {
  return (
    <PublicPage eyebrow={eyebrow} title={title} description={description}>
      <PageColumns
        firstSpan={5}
        first={
          <Stack gap="md">
            <Title order={2} size="h4">
              {asideTitle}
            </Title>
            <List
              spacing="sm"
              icon={
                <ThemeIcon size={22} radius="xl" color="teal" variant="light">
                  <IconCheck size={14} stroke={2.4} />
                </ThemeIcon>
              }
            >
              {points.map((point) => (
                <List.Item key={point}>
                  <Text size="sm">{point}</Text>
                </List.Item>
              ))}
            </List>
            {asideFooter}
          </Stack>
        }
        second={form}
      />
    </PublicPage>
  );
}
