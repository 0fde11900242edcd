import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ButtonLink } from '../../components/router-links';
import { PublicPage } from './public-page';

const CASE_STUDIES = [
  {
    sector: 'Healthcare',
    customer: 'A regional hospital group in France',
    title: 'Patient records moved to HDS-certified Kubernetes in four months',
    challenge:
      'Twelve hospitals ran their electronic patient record and imaging viewers on ageing virtual machines. The group needed HDS-certified hosting and could not accept any extra-EU access to patient data.',
    solution:
      'Two Enterprise (Red) clusters in Paris with a dedicated control plane, customer-managed encryption keys and nightly backups to a second building. Our migration team moved the applications service by service.',
    results: ['99.99 % availability over the first year', 'Deployment time from two weeks to one day', 'HDS audit passed without findings on hosting'],
  },
  {
    sector: 'Financial services',
    customer: 'A European payment institution',
    title: 'A DORA-ready payment platform with a documented exit plan',
    challenge:
      'Under DORA, the company had to show its regulator that it could leave its cloud provider and that critical services would survive the loss of a data centre.',
    solution:
      'Standard (Blue) clusters in Frankfurt and Amsterdam, deployed by GitOps from the same repository, with tested failover between regions and an exit plan based on upstream Kubernetes.',
    results: ['Region failover rehearsed every quarter in under 15 minutes', 'Infrastructure costs down 31 % compared with its previous hyperscaler', 'Exit plan accepted by the regulator'],
  },
  {
    sector: 'Public sector',
    customer: 'A metropolitan authority',
    title: 'Citizen services on sovereign infrastructure',
    challenge:
      'Online procedures for 1.2 million residents ran on a platform whose provider was subject to extra-EU legislation, which the authority\'s data protection officer flagged as a risk.',
    solution:
      'Standard clusters for the citizen portal and Economy (Green) clusters for internal tools, with Dev/Test clusters created per pull request by the authority\'s own developers.',
    results: ['Peak traffic on tax deadlines handled with autoscaling', 'Preview environments created in 6 minutes', 'Monthly carbon report used in the authority\'s sustainability plan'],
  },
  {
    sector: 'Artificial intelligence',
    customer: 'A legal-tech start-up',
    title: 'Private LLM inference for confidential legal documents',
    challenge:
      'Law firms would not send client documents to a model hosted outside the EU. The start-up needed GPUs, quickly, without losing control over where the data went.',
    solution:
      'An AI/ML (Violet) cluster serving open-weight models with vLLM, documents stored in the same region, and GPU time-slicing to run evaluation jobs next to production inference.',
    results: ['From first contact to production in five weeks', 'Answers in under 2 seconds for 95 % of requests', 'Signed by three of the ten largest firms in its market'],
  },
];

export function CaseStudiesPage() {
  return (
    <PublicPage
      eyebrow="Customers"
      title="Case studies"
      description="How organisations with strict requirements run their platforms on KubeMarket. Customers are described anonymously at their request; references are available under NDA."
    >
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {CASE_STUDIES.map((study) => (
          <Card key={study.title} withBorder radius="md" padding="lg" component="article">
            <Stack gap="sm">
              <Group gap="xs">
                <Badge variant="light">{study.sector}</Badge>
                <Text size="xs" c="dimmed">
                  {study.customer}
                </Text>
              </Group>
              <Title order={2} size="h4">
                {study.title}
              </Title>
              <StudyPart title="Challenge">
                <Text size="sm" c="dimmed">
                  {study.challenge}
                </Text>
              </StudyPart>
              <StudyPart title="Solution">
                <Text size="sm" c="dimmed">
                  {study.solution}
                </Text>
              </StudyPart>
              <StudyPart title="Results">
                {study.results.map((result) => (
                  <Text key={result} size="sm">
                    • {result}
                  </Text>
                ))}
              </StudyPart>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <Card withBorder radius="md" padding="xl">
        <Group justify="space-between" gap="md">
          <Text fw={600} size="lg">
            Facing a similar challenge?
          </Text>
          <Group gap="sm">
            <ButtonLink to="/schedule-demo">Schedule a demo</ButtonLink>
            <ButtonLink to="/workload-migration" variant="default">
              Plan a migration
            </ButtonLink>
          </Group>
        </Group>
      </Card>
    </PublicPage>
  );
}

/** One part of a case study: its bold title over what it says. */
function StudyPart({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      {children}
    </Stack>
  );
}
