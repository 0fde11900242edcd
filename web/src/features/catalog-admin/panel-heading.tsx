import { Text, Title } from '@mantine/core';

/** The heading of a tab's list, under the page's title. */
export function PanelHeading({ title, text }: { title: string; text: string }) {
  return (
    <>
      <Title order={2} size="h3">
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {text}
      </Text>
    </>
  );
}
