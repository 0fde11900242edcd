import { Alert, Grid, List, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { LeadForm } from '../leads';
import { AnchorLink } from '../../components/router-links';
import { SEVERITIES } from './form-options';
import { PublicPage } from './public-page';

const CATEGORIES = [
  { value: 'incident', label: 'Incident on a running cluster' },
  { value: 'provisioning', label: 'Cluster creation or deletion' },
  { value: 'access', label: 'Access and permissions' },
  { value: 'billing', label: 'Billing' },
  { value: 'account', label: 'Account and organisation' },
  { value: 'other', label: 'Other' },
] as const;

export function SubmitTicketPage() {
  return (
    <PublicPage
      eyebrow="Support"
      title="Submit a ticket"
      description="Open a support ticket. You receive a reference by email, and every answer from our engineers comes to the same address."
    >
      <Grid gap={{ base: 'xl', md: 48 }}>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <LeadForm
            kind="contact"
            title="New ticket"
            submitLabel="Submit ticket"
            rules={{ company: 'required', message: 'required' }}
            messageLabel="Description"
            messagePlaceholder="What happened, when it started, what is affected, and the steps to reproduce it."
            detailFields={[
              { name: 'subject', label: 'Subject', type: 'text', required: true, placeholder: 'Ingress returns 502 on webshop-prod' },
              { name: 'category', label: 'Category', type: 'select', options: CATEGORIES, required: true },
              { name: 'severity', label: 'Severity', type: 'select', options: SEVERITIES, required: true },
              { name: 'clusterId', label: 'Cluster name or ID', type: 'text' },
            ]}
            fixedDetails={{ topic: 'ticket' }}
            confirmation="Your ticket is open. An engineer will reply by email within the response time of your support plan. Keep the reference below to follow up."
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <Title order={2} size="h4">
              A good ticket includes
            </Title>
            <List spacing="xs" size="sm">
              <List.Item>The cluster name or ID and the namespace concerned.</List.Item>
              <List.Item>The exact error message, pasted as text rather than a screenshot.</List.Item>
              <List.Item>When it started, and what changed around that time.</List.Item>
              <List.Item>The impact: how many users or services are affected.</List.Item>
            </List>
            <Alert variant="light" color="red" icon={<IconInfoCircle size={18} />} title="Production down?">
              <Text size="sm">
                Choose the Critical severity. Business and Enterprise customers can also call the 24/7 number shown in the
                console.
              </Text>
            </Alert>
            <Text size="sm" c="dimmed">
              Already opened a ticket? <AnchorLink to="/track-ticket">Track it here</AnchorLink>.
            </Text>
          </Stack>
        </Grid.Col>
      </Grid>
    </PublicPage>
  );
}
