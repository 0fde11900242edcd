import { Card, SimpleGrid, Stack, Text, Timeline } from '@mantine/core';
import { ButtonLink } from '../../components/router-links';
import { COMPANY } from './company';
import { PageSection, Paragraph, PublicPage, TextCard } from './public-page';

const VALUES = [
  {
    title: 'Sovereignty is a property, not a promise',
    text: 'We are an EU company with EU shareholders, hosting only in the EU. No parent company abroad can be compelled to hand over your data, because there is none.',
  },
  {
    title: 'Open source, no lock-in',
    text: 'Our clusters are upstream Kubernetes with open-source add-ons. Everything you build here runs elsewhere, and our exit guide explains how to leave.',
  },
  {
    title: 'Engineers answer support',
    text: 'The people who answer your tickets run the platform. No scripted first line, no escalation maze.',
  },
  {
    title: 'Transparent by default',
    text: 'Public prices, published sub-processors, documented incident reports and a status page anyone can read.',
  },
];

const MILESTONES = [
  { year: '2019', text: 'Founded in Paris by platform engineers from the public and health sectors; first region, Paris PAR1.' },
  { year: '2020', text: 'Frankfurt FRA1 opens; first hospital group hosts patient records on our clusters.' },
  { year: '2021', text: 'HDS certification for health data; Amsterdam AMS1 opens; KubeMarket joins CISPE.' },
  { year: '2023', text: 'Milan MIL1 opens; the add-ons and middlewares marketplace launches.' },
  { year: '2024', text: 'Warsaw WAW1 opens; GPU clusters for sovereign AI become generally available.' },
  { year: '2026', text: 'Madrid MAD1 is under construction, planned to open in 2027.' },
];

export function AboutPage() {
  return (
    <PublicPage
      eyebrow="About us"
      title="Cloud infrastructure Europe can rely on"
      description="KubeMarket runs managed Kubernetes for organisations that need to know where their workloads run and which laws apply to them."
    >
      <PageSection id="story" title="Our story">
        <Stack gap="sm" maw={760}>
          <Paragraph>
            KubeMarket was founded in 2019 by engineers who had spent years running container platforms for hospitals,
            ministries and banks. Each of them had faced the same question from legal teams: can a foreign authority
            access this data? With the large cloud providers, the honest answer was never a clear no.
          </Paragraph>
          <Paragraph>
            We built the alternative we wanted to use: production-grade Kubernetes, operated by a European company, in
            European data centres, with compliance built in rather than sold as an option. Today hundreds of
            organisations, from start-ups to public hospitals, run their platforms on it.
          </Paragraph>
          <Paragraph>
            {COMPANY.legalName} is headquartered in {COMPANY.registeredOffice}, and our team works from Paris, Lyon,
            Frankfurt and Warsaw.
          </Paragraph>
        </Stack>
      </PageSection>

      <PageSection id="values" title="What we stand for">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {VALUES.map((value) => (
            <TextCard key={value.title} title={value.title} text={value.text} />
          ))}
        </SimpleGrid>
      </PageSection>

      <PageSection id="milestones" title="Milestones">
        <Timeline active={MILESTONES.length - 2} bulletSize={20} lineWidth={2} maw={720}>
          {MILESTONES.map((milestone) => (
            <Timeline.Item key={milestone.year} title={milestone.year}>
              <Text size="sm" c="dimmed">
                {milestone.text}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      </PageSection>

      <Card withBorder radius="md" padding="xl">
        <Stack gap="sm" align="flex-start">
          <Text fw={600} size="lg">
            Want to build this with us?
          </Text>
          <Text c="dimmed">We hire platform engineers, SREs and people who like explaining Kubernetes.</Text>
          <ButtonLink to="/careers">See open positions</ButtonLink>
        </Stack>
      </Card>
    </PublicPage>
  );
}
