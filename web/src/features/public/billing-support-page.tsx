import { Grid, Stack } from '@mantine/core';
import { LeadForm } from '../leads';
import { OpenTicketCallout } from '../support';
import { COMPANY } from './company';
import { MailLink, PageSection, PublicPage } from './public-page';
import { QuestionList } from './question-list';

const BILLING_TOPICS = [
  { value: 'invoice', label: 'A question about an invoice' },
  { value: 'payment', label: 'Payment method or failed payment' },
  { value: 'vat', label: 'VAT number or billing address' },
  { value: 'refund', label: 'Credit note or refund' },
  { value: 'plan', label: 'Change of plan or billing cycle' },
] as const;

const BILLING_FAQ = [
  {
    question: 'When am I invoiced?',
    answer:
      'Monthly plans are invoiced on the first day of each month for the month ahead, plus usage of the previous month (extra traffic, snapshots). Yearly plans are invoiced upfront on the day you order.',
  },
  {
    question: 'Which currency do you invoice in?',
    answer:
      'Always in euros. The site can display prices in US dollars, pounds sterling or yuan for information, converted at the current exchange rate.',
  },
  {
    question: 'How is VAT applied?',
    answer:
      'French customers pay French VAT. Businesses elsewhere in the EU with a valid VAT number are invoiced without VAT under the reverse-charge mechanism. Enter your VAT number in the billing settings before your first order.',
  },
  {
    question: 'Where do I find my invoices?',
    answer: 'In the console under Billing. Every invoice can be downloaded as a PDF, and is also emailed to the billing contact of your organisation.',
  },
  {
    question: 'Can I pay by bank transfer?',
    answer: 'Yes, by SEPA transfer or SEPA direct debit, as well as by card. Yearly plans and custom contracts can be paid on 30-day terms.',
  },
];

export function BillingSupportPage() {
  return (
    <PublicPage
      eyebrow="Support"
      title="Billing support"
      description={
        <>
          Questions about invoices, payments or VAT. Our billing team answers within one working day; you can also write
          to <MailLink address={COMPANY.billingEmail} />.
        </>
      }
    >
      <Grid gap={{ base: 'xl', md: 48 }}>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <PageSection id="billing-faq" title="Common questions">
            <QuestionList items={BILLING_FAQ} />
          </PageSection>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
          <OpenTicketCallout category="billing" text="A billing ticket keeps the whole conversation, with your invoices attached, in one place your team can follow." />
          <LeadForm
            kind="contact"
            title="Contact the billing team"
            submitLabel="Send to billing support"
            rules={{ message: 'required', company: 'required' }}
            messageLabel="Your question"
            detailFields={[
              { name: 'billingTopic', label: 'Topic', type: 'select', options: BILLING_TOPICS, required: true },
              { name: 'billingId', label: 'Billing ID', type: 'text', placeholder: 'KM-...', description: 'Shown in the user menu of the console' },
              { name: 'invoiceNumber', label: 'Invoice number', type: 'text' },
            ]}
            fixedDetails={{ topic: 'billing-support' }}
            confirmation="Our billing team will answer you by email within one working day."
          />
          </Stack>
        </Grid.Col>
      </Grid>
    </PublicPage>
  );
}
