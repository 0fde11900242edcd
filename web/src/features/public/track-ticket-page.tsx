import { Grid, List, Stack, Text, Title } from '@mantine/core';
import { LeadForm } from '../leads';
import { AnchorLink } from '../../components/router-links';
import { PublicPage } from './public-page';

export function TrackTicketPage() {
  return (
    <PublicPage
      eyebrow="Support"
      title="Track a ticket"
      description="Ask for the status of a ticket you opened, or add information to it. We answer to the email address the ticket was opened with."
    >
      <Grid gap={{ base: 'xl', md: 48 }}>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <LeadForm
            kind="contact"
            title="Follow up on a ticket"
            submitLabel="Send follow-up"
            rules={{ phone: 'hidden' }}
            messageLabel="Additional information (optional)"
            messagePlaceholder="New error messages, a change in impact, or times when you are available for a call."
            detailFields={[
              {
                name: 'ticketReference',
                label: 'Ticket reference',
                type: 'text',
                required: true,
                placeholder: 'lead_... or TCK-...',
                description: 'From the confirmation email of your ticket',
              },
            ]}
            fixedDetails={{ topic: 'ticket-follow-up' }}
            confirmation="We have added your follow-up to the ticket. The engineer in charge will send you its current status by email."
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <Title order={2} size="h4">
              How tickets progress
            </Title>
            <List spacing="xs" size="sm">
              <List.Item>
                <strong>Open</strong>: received and waiting for an engineer.
              </List.Item>
              <List.Item>
                <strong>In progress</strong>: an engineer is working on it.
              </List.Item>
              <List.Item>
                <strong>Waiting for you</strong>: we need information or a test from your side.
              </List.Item>
              <List.Item>
                <strong>Resolved</strong>: we consider it solved; reply within 7 days to reopen it.
              </List.Item>
            </List>
            <Text size="sm" c="dimmed">
              Customers see all tickets of their organisation, with their full history, in the console once{' '}
              <AnchorLink to="/auth">signed in</AnchorLink>.
            </Text>
            <Text size="sm" c="dimmed">
              Need to report something new? <AnchorLink to="/submit-ticket">Submit a ticket</AnchorLink>.
            </Text>
          </Stack>
        </Grid.Col>
      </Grid>
    </PublicPage>
  );
}
