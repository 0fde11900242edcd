import { Badge } from '@mantine/core';

/** On sale, or archived (off sale, kept by the clusters and orders that have it). */
export function StatusBadge({ archived }: { archived: boolean }) {
  return (
    <Badge size="sm" variant="filled" miw="max-content" color={archived ? 'gray.7' : 'teal.9'} data-testid="status-badge">
      {archived ? 'Archived' : 'Active'}
    </Badge>
  );
}
