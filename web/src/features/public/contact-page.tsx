import { Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { LeadForm } from '../leads';
import { COMPANY } from './company';
import { MailLink, PageSection, PublicPage } from './public-page';

const TOPICS = [
  { value: 'general', label: 'General question' },
  { value: 'partnership', label: 'Partnership or reselling' },
  { value: 'press', label: 'Press and analysts' },
  { value: 'privacy', label: 'Privacy or data protection' },
  { value: 'security', label: 'Security report' },
  { value: 'other', label: 'Something else' },
] as const;

const CHANNELS = [
  { title: 'Sales', text: 'Pricing, offers and contracts.', email: COMPANY.salesEmail },
  { title: 'Support', text: 'Customers with an incident or a question about their clusters.', email: COMPANY.supportEmail },
  { title: 'Billing', text: 'Invoices, payments and VAT.', email: COMPANY.billingEmail },
  { title: 'Data protection officer', text: 'Exercising your GDPR rights.', email: COMPANY.dpoEmail },
  { title: 'Security', text: 'Responsible disclosure of vulnerabilities.', email: COMPANY.securityEmail },
  { title: 'Press', text: 'Interviews, analyst briefings and media kit.', email: COMPANY.pressEmail },
];

export function ContactPage() {
  return (
    <PublicPage
      eyebrow="Contact"
      title="Contact us"
      description={`${COMPANY.legalName} is headquartered in ${COMPANY.registeredOffice}. Send us a message with the form below or write directly to the right team.`}
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {CHANNELS.map((channel) => (
          <Card key={channel.title} withBorder radius="md" padding="lg">
            <Stack gap={4}>
              <Text fw={600}>{channel.title}</Text>
              <Text size="sm" c="dimmed">
                {channel.text}
              </Text>
              <MailLink address={channel.email} />
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <PageSection id="message" title="Send us a message" description="We answer every message within two working days.">
        <LeadForm
          kind="contact"
          title="Your message"
          submitLabel="Send message"
          rules={{ message: 'required' }}
          detailFields={[{ name: 'topic', label: 'Topic', type: 'select', options: TOPICS, required: true }]}
          fixedDetails={{ page: 'contact' }}
          confirmation="The right team will answer you by email within two working days."
        />
      </PageSection>
    </PublicPage>
  );
}
