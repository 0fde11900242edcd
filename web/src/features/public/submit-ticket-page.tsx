import { Alert, List, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { PublicSubmitForm } from '../tickets';
import type { TicketCategory } from '../tickets';
import { AnchorLink } from '../../components/router-links';
import { PageColumns, PublicPage } from './public-page';

export function SubmitTicketPage({ category }: { category?: TicketCategory }) {
  return (
    <PublicPage
      eyebrow="Support"
      title="Submit a ticket"
      description="Open a support ticket. You receive a reference by email, and every answer from our engineers comes to the same address. Confirm the request from that email: it reaches our engineers once confirmed."
    >
      <PageColumns
        firstSpan={7}
        first={<PublicSubmitForm initialCategory={category} />}
        second={
          <Stack gap="md">
            <Title order={2} size="h4">
              A good ticket includes
            </Title>
            <List spacing="xs" size="sm">
              <List.Item>The cluster name or ID and the namespace concerned (signed in, pick the cluster from the list).</List.Item>
              <List.Item>The exact error message, pasted as text rather than a screenshot.</List.Item>
              <List.Item>When it started, and what changed around that time.</List.Item>
              <List.Item>The impact: how many users or services are affected.</List.Item>
            </List>
            <Alert variant="light" color="red" icon={<IconInfoCircle size={18} />} title="Production down?">
              <Text size="sm">
                Choose the P1 (critical) severity if your support plan includes it, P2 otherwise. Business and Enterprise
                customers can also call the 24/7 number shown in the console.
              </Text>
            </Alert>
            <Text size="sm" c="dimmed">
              Already opened a ticket? <AnchorLink to="/track-ticket" underline="always">Track it here</AnchorLink>.
            </Text>
          </Stack>
        }
      />
    </PublicPage>
  );
}
