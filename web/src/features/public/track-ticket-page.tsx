import { List, Stack, Text, Title } from '@mantine/core';
import { PublicTrack } from '../tickets';
import { AnchorLink } from '../../components/router-links';
import { PageColumns, PublicPage } from './public-page';

export function TrackTicketPage() {
  return (
    <PublicPage
      eyebrow="Support"
      title="Track a ticket"
      description="Look up a ticket by its reference and the email it was opened with, and follow its conversation. To reply, open the link of the latest email we sent about it."
    >
      <PageColumns
        firstSpan={7}
        first={<PublicTrack />}
        second={
          <Stack gap="md">
            <Title order={2} size="h4">
              How tickets progress
            </Title>
            <List spacing="xs" size="sm">
              <List.Item>
                <strong>Open</strong>: received and waiting for an engineer.
              </List.Item>
              <List.Item>
                <strong>Awaiting support</strong>: an engineer owes you an answer.
              </List.Item>
              <List.Item>
                <strong>Awaiting customer</strong>: we need information or a test from your side.
              </List.Item>
              <List.Item>
                <strong>Resolved</strong> or <strong>Closed</strong>: we consider it solved; it can be reopened within 14 days.
              </List.Item>
            </List>
            <Text size="sm" c="dimmed">
              Customers see all tickets of their organisation, with their full history, in the console once{' '}
              <AnchorLink to="/auth" underline="always">signed in</AnchorLink>.
            </Text>
            <Text size="sm" c="dimmed">
              Need to report something new? <AnchorLink to="/submit-ticket" underline="always">Submit a ticket</AnchorLink>.
            </Text>
          </Stack>
        }
      />
    </PublicPage>
  );
}
