import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface DangerZoneCardProps {
  /** The id of the card's heading, which names the section. */
  titleId: string;
  testId?: string;
  /** What deleting does, and why it cannot be done now when it cannot. */
  children: ReactNode;
  deleteLabel: ReactNode;
  deleteDisabled: boolean;
  deleteTestId: string;
  onDelete: () => void;
  /** The dialog that confirms the deletion. */
  modal: ReactNode;
}

/** The red-bordered "Danger zone" at the foot of a resource's page: deleting it, confirmed in a dialog. */
export function DangerZoneCard({ titleId, testId, children, deleteLabel, deleteDisabled, deleteTestId, onDelete, modal }: DangerZoneCardProps) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={titleId} style={{ borderColor: 'var(--mantine-color-red-7)' }} data-testid={testId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          Danger zone
        </Title>
        {children}
        <Group>
          <Button color="red" leftSection={<IconTrash size={16} aria-hidden />} disabled={deleteDisabled} onClick={onDelete} data-testid={deleteTestId}>
            {deleteLabel}
          </Button>
        </Group>
      </Stack>
      {modal}
    </Card>
  );
}
