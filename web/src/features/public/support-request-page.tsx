import { Stack, Text } from '@mantine/core';
import { LeadForm } from '../leads';
import type { LeadFormProps } from '../leads';
import { OpenTicketCallout } from '../tickets';
import type { TicketCategory } from '../tickets';
import { COMPANY } from './company';
import CONTENT from './content/support-requests.json';
import { MailLink, PageColumns, PageSection, PublicPage } from './public-page';
import { QuestionList } from './question-list';
import type { QuestionAnswer } from './question-list';

/** A support page's copy, one record each in content/support-requests.json. */
interface SupportRequest {
  title: string;
  description: string;
  /** The team's address, written after the description ("… you can also write to <address>."). */
  descriptionEmail?: 'billingEmail';
  questions: { id: string; title: string; items: readonly QuestionAnswer[] };
  ticket: { category: TicketCategory; text: string };
  /** The contact form: a company and a message are required, and `topic` says which page sent it. */
  form: Pick<LeadFormProps, 'title' | 'submitLabel' | 'messageLabel' | 'messagePlaceholder' | 'detailFields' | 'confirmation'> & { topic: string };
  /** Under the form, e.g. what never to send. */
  footnote?: string;
}

const SUPPORT_REQUESTS = CONTENT as Record<'billing' | 'technical', SupportRequest>;

/** The support pages for visitors: quick answers beside a ticket callout and a form to the team. */
function SupportRequestPage({ page, gap }: { page: SupportRequest; gap: 'md' | 'lg' }) {
  const { topic, ...form } = page.form;
  return (
    <PublicPage
      eyebrow="Support"
      title={page.title}
      description={
        page.descriptionEmail ? (
          <>
            {page.description} <MailLink address={COMPANY[page.descriptionEmail]} />.
          </>
        ) : (
          page.description
        )
      }
    >
      <PageColumns
        firstSpan={5}
        first={
          <PageSection id={page.questions.id} title={page.questions.title}>
            <QuestionList items={page.questions.items} />
          </PageSection>
        }
        second={
          <Stack gap={gap}>
            <OpenTicketCallout category={page.ticket.category} text={page.ticket.text} />
            <LeadForm kind="contact" rules={{ message: 'required', company: 'required' }} fixedDetails={{ topic }} {...form} />
            {page.footnote ? (
              <Text size="xs" c="dimmed">
                {page.footnote}
              </Text>
            ) : null}
          </Stack>
        }
      />
    </PublicPage>
  );
}

export function BillingSupportPage() {
  return <SupportRequestPage page={SUPPORT_REQUESTS.billing} gap="lg" />;
}

export function TechnicalSupportPage() {
  return <SupportRequestPage page={SUPPORT_REQUESTS.technical} gap="md" />;
}
