import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';
import { ButtonLink } from '../../components/router-links';
import { useCurrentUser } from '../auth';
import type { TicketCategory } from './ticket-types';

/**
 * The way from /technical-support and /billing-support into the ticket desk: signed in, the /support
 * form prefilled with the category; a visitor, the public form (confirmed by email).
 */
export function OpenTicketCallout({ category, text }: { category: TicketCategory; text: string }) {
  const { data: user } = useCurrentUser();
  return (
    <Paper withBorder radius="md" p="lg" data-testid="open-ticket-callout">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Open a ticket
        </Title>
        <Text size="sm" c="dimmed">
          {text}
        </Text>
        <Group>
          {user ? (
            <ButtonLink to="/support" search={{ new: true, category }} leftSection={<IconTicket size={16} aria-hidden />} data-testid="open-ticket-link">
              Open a ticket
            </ButtonLink>
          ) : (
            <ButtonLink to="/submit-ticket" search={{ category }} leftSection={<IconTicket size={16} aria-hidden />} data-testid="open-ticket-link">
              Open a ticket
            </ButtonLink>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
