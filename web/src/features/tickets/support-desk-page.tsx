import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { AnchorLink } from '../../components/router-links';
import { SectionCard } from '../../components/section-card';
import { NewTicketForm } from './new-ticket-form';
import type { SupportSearch } from './support-search';
import { TicketList } from './ticket-list';

interface SupportDeskPageProps {
  search: SupportSearch;
  onSearchChange: (search: SupportSearch) => void;
}

/** /support when signed in: open a ticket and follow the organisation's tickets. */
export function SupportDeskPage({ search, onSearchChange }: SupportDeskPageProps) {
  const formOpen = search.new === true;
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1} data-testid="page-title">
            Support
          </Title>
          <Text c="dimmed">
            Open a ticket and follow every ticket of your organisation. Response times follow your support plan; see{' '}
            <AnchorLink to="/technical-support" underline="always">
              technical
            </AnchorLink>{' '}
            and{' '}
            <AnchorLink to="/billing-support" underline="always">
              billing
            </AnchorLink> support for quick answers.
          </Text>
        </Stack>
        {formOpen ? (
          <SectionCard id="new-ticket" title="Open a ticket" description="An engineer answers within the first-response target of the severity you choose.">
            <NewTicketForm key={search.category ?? 'technical'} initialCategory={search.category ?? 'technical'} onCancel={() => onSearchChange({})} />
          </SectionCard>
        ) : (
          <Group>
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => onSearchChange({ new: true })} data-testid="open-ticket">
              Open a ticket
            </Button>
          </Group>
        )}
        <SectionCard id="tickets" title="Your organisation's tickets">
          <TicketList />
        </SectionCard>
      </Stack>
    </Container>
  );
}
