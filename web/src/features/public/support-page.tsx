import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBook, IconCreditCard, IconHeartRateMonitor, IconSearch, IconTicket, IconTool } from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';
import { CellLines, DataTable } from '../../components/list-kit';
import type { Column } from '../../components/list-kit';
import { AnchorLink, type LinkTarget } from '../../components/router-links';
import { COMPANY } from './company';
import { MailLink, PageSection, PublicPage } from './public-page';
import { BUSINESS_HOURS, PLAN_FEATURES, RESPONSE_TIMES, SUPPORT_PLANS } from './support-content';

interface Entry {
  icon: Icon;
  title: string;
  text: string;
  to: LinkTarget;
  linkLabel: string;
}

const ENTRIES: readonly Entry[] = [
  { icon: IconTool, title: 'Technical support', text: 'Cluster incidents, networking, storage, upgrades and add-ons.', to: '/technical-support', linkLabel: 'Get technical help' },
  { icon: IconCreditCard, title: 'Billing support', text: 'Invoices, payment methods, VAT and credits.', to: '/billing-support', linkLabel: 'Ask about billing' },
  { icon: IconTicket, title: 'Submit a ticket', text: 'Open a ticket with the details our engineers need to act quickly.', to: '/submit-ticket', linkLabel: 'Submit a ticket' },
  { icon: IconSearch, title: 'Track a ticket', text: 'Follow up on a ticket you already opened.', to: '/track-ticket', linkLabel: 'Track a ticket' },
  { icon: IconBook, title: 'Documentation and tutorials', text: 'Most questions are answered in our guides, step by step.', to: '/documentation', linkLabel: 'Read the documentation' },
  { icon: IconHeartRateMonitor, title: 'Service status', text: 'Live status of the API, database and exchange rates.', to: '/test-service', linkLabel: 'Check service status' },
];

type ResponseTime = (typeof RESPONSE_TIMES)[number];
type PlanFeature = (typeof PLAN_FEATURES)[number];

/** A column per support plan, its cell the row's value for that plan. */
function planColumns<T>(valuesOf: (row: T) => readonly string[]): Column<T>[] {
  return SUPPORT_PLANS.map((plan, index) => ({ header: plan, cell: (row: T) => valuesOf(row)[index] }));
}

export function SupportPage() {
  return (
    <PublicPage
      eyebrow="Aide & Support"
      title="Support"
      description="Our support engineers run Kubernetes in production every day. Every cluster includes Basic support; Business and Enterprise plans add round-the-clock response and a closer relationship."
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {ENTRIES.map(({ icon: EntryIcon, title, text, to, linkLabel }) => (
          <Card key={title} withBorder radius="md" padding="lg">
            <Stack gap="xs" h="100%">
              <Group gap="sm">
                <ThemeIcon variant="light" size={36} radius="md">
                  <EntryIcon size={20} stroke={1.6} />
                </ThemeIcon>
                <Text fw={600}>{title}</Text>
              </Group>
              <Text size="sm" c="dimmed" style={{ flexGrow: 1 }}>
                {text}
              </Text>
              <AnchorLink to={to} size="sm" fw={600}>
                {linkLabel} →
              </AnchorLink>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>

      <PageSection id="response-times" title="Response times" description={BUSINESS_HOURS}>
        <DataTable
          rows={RESPONSE_TIMES}
          columns={[
            { header: 'Severity', cell: (row) => <CellLines strong detail={row.definition}>{row.severity}</CellLines> },
            ...planColumns<ResponseTime>((row) => row.times),
          ]}
          rowKey={(row) => row.severity}
          minWidth={640}
          withTableBorder
          striped
          verticalSpacing="sm"
        />
        <Text size="sm" c="dimmed">
          Response time is the time until an engineer starts working on your ticket. Severity is set by you and may be
          adjusted with you when the impact is clearer.
        </Text>
      </PageSection>

      <PageSection id="plans" title="Support plans">
        <DataTable
          rows={PLAN_FEATURES}
          columns={[{ header: 'Feature', hideHeader: true, cell: (row) => row.feature, cellProps: () => ({ fw: 600 }) }, ...planColumns<PlanFeature>((row) => row.values)]}
          rowKey={(row) => row.feature}
          minWidth={640}
          withTableBorder
          verticalSpacing="sm"
        />
        <Text size="sm" c="dimmed">
          Signed-in customers order Business and Enterprise plans from the console under Orders → Support.
        </Text>
      </PageSection>

      <PageSection id="contact" title="Contact channels">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          <Stack gap={4}>
            <Text fw={600}>Support by email</Text>
            <MailLink address={COMPANY.supportEmail} />
            <Text size="sm" c="dimmed">
              Write from the address of your account so we can find your clusters.
            </Text>
          </Stack>
          <Stack gap={4}>
            <Text fw={600}>Phone for critical incidents</Text>
            <Text size="sm" c="dimmed">
              Business and Enterprise customers find their 24/7 on-call number in the console, on the support plan
              page.
            </Text>
          </Stack>
          <Stack gap={4}>
            <Text fw={600}>Security issues</Text>
            <MailLink address={COMPANY.securityEmail} />
            <Text size="sm" c="dimmed">
              For vulnerabilities in our platform. We acknowledge reports within one working day.
            </Text>
          </Stack>
        </SimpleGrid>
      </PageSection>
    </PublicPage>
  );
}
