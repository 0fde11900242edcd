import { Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { COMPANY } from './company';
import { MailLink, PageSection, Paragraph, PublicPage } from './public-page';

const POSITIONS = [
  {
    title: 'Senior Site Reliability Engineer, Kubernetes platform',
    team: 'Platform',
    location: 'Paris or Lyon, hybrid',
    summary: 'Run the control planes of thousands of clusters: upgrades, etcd, capacity and the on-call rotation that keeps them healthy.',
  },
  {
    title: 'Backend Engineer, TypeScript',
    team: 'Console',
    location: 'Remote within the EU',
    summary: 'Build the API and services behind ordering, billing and provisioning, from database schema to production monitoring.',
  },
  {
    title: 'Network Engineer',
    team: 'Infrastructure',
    location: 'Frankfurt, on site',
    summary: 'Design and operate our backbone between regions, BGP edges and the private interconnects customers order.',
  },
  {
    title: 'Customer Support Engineer',
    team: 'Support',
    location: 'Paris or Warsaw, hybrid',
    summary: 'Be the engineer customers talk to: debug clusters with them, write runbooks and turn recurring issues into product fixes.',
  },
  {
    title: 'Solution Architect, Public Sector',
    team: 'Sales',
    location: 'Paris, hybrid',
    summary: 'Help ministries, hospitals and local authorities design sovereign platforms and answer their tenders.',
  },
];

const BENEFITS = [
  'Salary bands published in every job offer',
  '30 days of paid holiday plus public holidays',
  'Budget of 2,000 € a year for training and conferences',
  'On-call compensated, limited to one week in six',
  'Hardware of your choice and a home-office allowance',
  'Employee share plan for every permanent employee',
];

export function CareersPage() {
  return (
    <PublicPage
      eyebrow="Careers"
      title="Work on Europe's sovereign cloud"
      description="We are a team of about 80 people building infrastructure that public services, hospitals and companies depend on. We value clear writing, calm incident response and shipping small changes often."
    >
      <PageSection id="positions" title="Open positions">
        <Stack gap="md">
          {POSITIONS.map((position) => (
            <Card key={position.title} withBorder radius="md" padding="lg" component="article">
              <Stack gap={6}>
                <Text fw={600}>{position.title}</Text>
                <Group gap="xs">
                  <Badge variant="light">{position.team}</Badge>
                  <Badge variant="default">{position.location}</Badge>
                </Group>
                <Text size="sm" c="dimmed">
                  {position.summary}
                </Text>
              </Stack>
            </Card>
          ))}
        </Stack>
        <Text size="sm">
          To apply, send your CV and a few lines about what you would like to work on to{' '}
          <MailLink address={COMPANY.careersEmail} />, with the job title as subject. No position that fits? Write to us
          anyway.
        </Text>
      </PageSection>

      <PageSection id="benefits" title="What we offer">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          {BENEFITS.map((benefit) => (
            <Card key={benefit} withBorder radius="md" padding="md">
              <Text size="sm">{benefit}</Text>
            </Card>
          ))}
        </SimpleGrid>
      </PageSection>

      <PageSection id="process" title="How we hire">
        <Paragraph>
          A 30-minute call with the hiring manager, a practical exercise close to the real job (paid, at most half a
          day, or a discussion of your existing work if you prefer), then a conversation with two future teammates. We
          answer every application within two weeks, and explain our decision.
        </Paragraph>
      </PageSection>
    </PublicPage>
  );
}
