import { Text } from '@mantine/core';

/**
 * Why the cluster cannot take this change now (changeBlockedReason, kubeconfigBlockedReason), said
 * above the controls it disables, so that the screen says it before the server refuses; nothing
 * when the change is open.
 */
export function BlockedNote({ blocked, testId }: { blocked: string | null; testId?: string }) {
  if (!blocked) return null;
  return (
    <Text size="sm" c="dimmed" data-testid={testId}>
      {blocked}
    </Text>
  );
}
