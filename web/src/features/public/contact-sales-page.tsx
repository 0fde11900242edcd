import { Text } from '@mantine/core';
import { LeadForm } from '../leads';
import { COMPANY } from './company';
import { COMPANY_SIZES, TIMELINES, WORKLOAD_TYPES } from './form-options';
import { LeadPage } from './lead-page';
import { MailLink } from './public-page';

export function ContactSalesPage() {
  return (
    <LeadPage
      eyebrow="Sales"
      title="Talk to our sales team"
      description="Tell us what you want to run and where your constraints are. A solution architect who knows sovereign hosting, not a call centre, will answer."
      asideTitle="What happens next"
      points={[
        'We reply within one working day, in English or French.',
        'A 30-minute call to understand your workloads, compliance needs and timeline.',
        'A written proposal with tiers, regions, support level and a price you can budget.',
        'Volume and commitment discounts for fleets and multi-year contracts.',
      ]}
      asideFooter={
        <Text size="sm" c="dimmed">
          Prefer email? Write to <MailLink address={COMPANY.salesEmail} />.
        </Text>
      }
      form={
        <LeadForm
          kind="contact_sales"
          title="Your project"
          submitLabel="Contact sales"
          rules={{ company: 'required' }}
          messageLabel="What would you like to discuss?"
          messagePlaceholder="Workloads, expected size, compliance requirements, current provider..."
          detailFields={[
            { name: 'companySize', label: 'Company size', type: 'select', options: COMPANY_SIZES },
            { name: 'workload', label: 'Main workload', type: 'select', options: WORKLOAD_TYPES },
            { name: 'timeline', label: 'Timeline', type: 'select', options: TIMELINES },
          ]}
          confirmation="A member of our sales team will contact you within one working day to arrange a first call."
        />
      }
    />
  );
}
