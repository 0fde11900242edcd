import { Alert, Box, Code, Container, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconInfoCircle } from '@tabler/icons-react';
import { AnchorLink } from '../../components/router-links';
import { withInlineCode } from './inline-code';
import { PageHeading } from './public-page';
import { TutorialLevel } from './tutorials-page';
import { TUTORIALS } from './tutorials';
import type { Tutorial, TutorialBlock } from './tutorials';

export function TutorialPage({ tutorial }: { tutorial: Tutorial }) {
  const index = TUTORIALS.indexOf(tutorial);
  const next = TUTORIALS[(index + 1) % TUTORIALS.length];
  const updated = new Date(`${tutorial.updated}T00:00:00Z`).toLocaleDateString('en-GB', { dateStyle: 'long', timeZone: 'UTC' });

  return (
    <Container size="md" py={{ base: 40, sm: 64 }} component="article">
      <Stack gap="lg">
        <AnchorLink to="/tutorials" size="sm">
          <Group gap={4} component="span">
            <IconArrowLeft size={14} />
            All tutorials
          </Group>
        </AnchorLink>
        <Stack gap="sm">
          <Group gap="xs">
            <TutorialLevel tutorial={tutorial} />
            <Text size="xs" c="dimmed">
              Updated {updated}
            </Text>
          </Group>
          <PageHeading title={tutorial.title} lead={tutorial.summary} />
        </Stack>
        <Stack gap="md" data-testid="tutorial-content">
          {tutorial.blocks.map((block, blockIndex) => (
            <Block key={blockIndex} block={block} />
          ))}
        </Stack>
        {next && next !== tutorial ? (
          <Box pt="xl" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
            <Text size="sm" c="dimmed">
              Next tutorial
            </Text>
            <AnchorLink to="/tutorials/$slug" params={{ slug: next.slug }} fw={600}>
              {next.title}
            </AnchorLink>
          </Box>
        ) : null}
      </Stack>
    </Container>
  );
}

function Block({ block }: { block: TutorialBlock }) {
  switch (block.type) {
    case 'heading':
      return (
        <Title order={2} size="h3" mt="md">
          {block.text}
        </Title>
      );
    case 'paragraph':
      return <Text lh={1.7}>{withInlineCode(block.text)}</Text>;
    case 'code':
      return (
        <Stack gap={4}>
          <Code block style={{ whiteSpace: 'pre', overflowX: 'auto' }} data-language={block.language}>
            {block.code}
          </Code>
          {block.caption ? (
            <Text size="xs" c="dimmed">
              {block.caption}
            </Text>
          ) : null}
        </Stack>
      );
    case 'list':
      return (
        <List type={block.ordered ? 'ordered' : 'unordered'} spacing={6} lh={1.6}>
          {block.items.map((item) => (
            <List.Item key={item}>{withInlineCode(item)}</List.Item>
          ))}
        </List>
      );
    case 'note':
      return (
        <Alert
          variant="light"
          color={block.tone === 'warning' ? 'orange' : 'blue'}
          icon={block.tone === 'warning' ? <IconAlertTriangle size={18} /> : <IconInfoCircle size={18} />}
        >
          {withInlineCode(block.text)}
        </Alert>
      );
  }
}

