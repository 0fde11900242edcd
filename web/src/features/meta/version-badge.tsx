import { Badge, Group, Text } from '@mantine/core';
import { useVersionSummary } from './use-version-summary';

/** docs/product/screens.md#footer: shown until the server answers (and kept if it never does). */
export const VERSION_FALLBACK_TEXT = 'v1.16.0 (loading...)';

export function VersionBadge() {
  const { data } = useVersionSummary();

  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="xs" c="dimmed" data-testid="version-text">
        {data?.displayVersion ?? VERSION_FALLBACK_TEXT}
      </Text>
      {data ? (
        <Badge
          size="xs"
          variant="light"
          color={data.environment === 'production' ? 'teal' : 'orange'}
          data-testid="environment-badge"
        >
          {data.environment === 'production' ? 'PROD' : 'DEV'}
        </Badge>
      ) : null}
    </Group>
  );
}
