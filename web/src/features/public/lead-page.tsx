import { Stack, Text, Title } from '@mantine/core';
import { CheckList } from '../../components/check-list';
import { LeadForm } from '../leads';
import type { DetailField, LeadFormProps } from '../leads';
import { COMPANY } from './company';
import CONTENT from './content/lead-pages.json';
import { useDataCenters } from './data-centers-query';
import { MailLink, PageColumns, PublicPage } from './public-page';

type Choices = DetailField['options'];

/** A detail field of a request form, its choices named from the content's lists (or "regions", the data centres on sale). */
type DetailFieldContent = Omit<DetailField, 'options'> & { options?: string };

/** A request page's copy, one record each in content/lead-pages.json. */
interface LeadPageContent {
  eyebrow: string;
  title: string;
  description: string;
  /** Heading of the side column, and what to expect there. */
  asideTitle: string;
  points: readonly string[];
  /** Under the points: a sentence with the team's address ("Prefer email? Write to <address>."). */
  asideFooter?: { before: string; email: 'salesEmail'; after: string };
  /** The form: a company is always required. */
  form: Pick<LeadFormProps, 'kind' | 'title' | 'submitLabel' | 'messageLabel' | 'messagePlaceholder' | 'confirmation'> & { detailFields: readonly DetailFieldContent[] };
}

const { choices: CHOICES, pages: PAGES } = CONTENT as {
  choices: Record<string, NonNullable<Choices>>;
  pages: Record<'contactSales' | 'customQuote' | 'scheduleDemo' | 'workloadMigration', LeadPageContent>;
};

/**
 * A request page (sales, custom quote, demo, migration): what to expect on the left, the form on
 * the right. `fields` completes a detail field the content cannot know (the regions on sale).
 */
function LeadRequestPage({ page, fields = {} }: { page: LeadPageContent; fields?: Record<string, Partial<DetailField>> }) {
  const { detailFields, ...form } = page.form;
  return (
    <PublicPage eyebrow={page.eyebrow} title={page.title} description={page.description}>
      <PageColumns
        firstSpan={5}
        first={
          <Stack gap="md">
            <Title order={2} size="h4">
              {page.asideTitle}
            </Title>
            <CheckList items={page.points} spacing="sm" small />
            {page.asideFooter ? (
              <Text size="sm" c="dimmed">
                {page.asideFooter.before}
                <MailLink address={COMPANY[page.asideFooter.email]} />
                {page.asideFooter.after}
              </Text>
            ) : null}
          </Stack>
        }
        second={
          <LeadForm
            {...form}
            rules={{ company: 'required' }}
            detailFields={detailFields.map(({ options, ...field }) => ({ ...field, ...(options ? { options: CHOICES[options] } : {}), ...fields[field.name] }))}
          />
        }
      />
    </PublicPage>
  );
}

export function ContactSalesPage() {
  return <LeadRequestPage page={PAGES.contactSales} />;
}

export function CustomQuotePage() {
  const dataCenters = useDataCenters();
  const regions = (dataCenters.data ?? [])
    .filter((dataCenter) => dataCenter.status !== 'planned')
    .map((dataCenter) => ({ value: dataCenter.id, label: `${dataCenter.name} (${dataCenter.city})` }));
  return <LeadRequestPage page={PAGES.customQuote} fields={{ region: { options: regions, placeholder: dataCenters.isPending ? 'Loading regions...' : 'Choose a region' } }} />;
}

export function ScheduleDemoPage() {
  return <LeadRequestPage page={PAGES.scheduleDemo} />;
}

export function WorkloadMigrationPage() {
  return <LeadRequestPage page={PAGES.workloadMigration} />;
}
