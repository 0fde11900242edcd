import { Button, Group, Switch, TextInput } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';

interface ListToolbarProps {
  /** What the list holds, e.g. "add-ons": names the search box. */
  noun: string;
  search: string;
  onSearch: (search: string) => void;
  /** Left out for lists of items that are never archived. */
  showArchived?: boolean;
  onShowArchived?: (show: boolean) => void;
  archivedCount?: number;
  createLabel?: string;
  onCreate?: () => void;
}

/** Search, the "Show archived" switch and the create button above a catalogue list. */
export function ListToolbar({ noun, search, onSearch, showArchived, onShowArchived, archivedCount, createLabel, onCreate }: ListToolbarProps) {
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
      <Group align="flex-end" gap="md" wrap="wrap">
        <TextInput
          label={`Search ${noun}`}
          description="Name, id or any detail"
          type="search"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => onSearch(event.currentTarget.value)}
          w={280}
        />
        {onShowArchived ? (
          <Switch
            label={`Show archived ${noun} (${archivedCount ?? 0})`}
            checked={showArchived ?? false}
            onChange={(event) => onShowArchived(event.currentTarget.checked)}
            mb={6}
          />
        ) : null}
      </Group>
      {createLabel && onCreate ? (
        <Button leftSection={<IconPlus size={16} />} onClick={onCreate}>
          {createLabel}
        </Button>
      ) : null}
    </Group>
  );
}
