import { Alert, Code, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { ButtonLink } from './router-links';

interface SectionNotBuiltProps {
  /** The section's name, as the page title. */
  title: string;
  /** What the section is for, in one sentence. */
  description: string;
  /** The record the address points at, e.g. { label: 'Order', value: id }. */
  reference?: { label: string; value: string };
}

/** A signed-in page whose screen is not part of the console yet: its header, and a plain statement saying so. */
export function SectionNotBuilt({ title, description, reference }: SectionNotBuiltProps) {
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} data-testid="page-title">
            {title}
          </Title>
          <Text c="dimmed">{description}</Text>
          {reference ? (
            <Text size="sm">
              {reference.label}: <Code data-testid="page-reference">{reference.value}</Code>
            </Text>
          ) : null}
        </Stack>
        <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />} data-testid="section-not-built">
          This part of the console is not available yet.
        </Alert>
        <Group>
          <ButtonLink to="/dashboard" variant="default">
            Back to dashboard
          </ButtonLink>
        </Group>
      </Stack>
    </Container>
  );
}
