import { Text } from '@mantine/core';
import { LeadForm } from '../leads';
import { COMPANY } from './company';
import { SUPPORT_LEVELS, WORKLOAD_TYPES } from './form-options';
import { LeadPage } from './lead-page';
import { MailLink } from './public-page';
import { useDataCenters } from './data-centers-query';

export function CustomQuotePage() {
  const dataCenters = useDataCenters();
  const regions = (dataCenters.data ?? [])
    .filter((dataCenter) => dataCenter.status !== 'planned')
    .map((dataCenter) => ({ value: dataCenter.id, label: `${dataCenter.name} (${dataCenter.city})` }));

  return (
    <LeadPage
      eyebrow="Custom quote"
      title="Request a custom quote"
      description="For fleets of clusters, dedicated hardware, private interconnects or commitments beyond the standard tiers. Give us the shape of your platform and we price it."
      asideTitle="What we can tailor"
      points={[
        'Dedicated hosts or bare-metal node pools, including GPUs.',
        'Several regions with private interconnects and a single network plan.',
        'Support with a named technical account manager and custom SLAs.',
        'Multi-year commitments, reserved capacity and consolidated invoicing.',
        'A quote in writing within two working days.',
      ]}
      asideFooter={
        <Text size="sm" c="dimmed">
          Attach a specification by email to <MailLink address={COMPANY.salesEmail} /> after sending the form, quoting
          your reference.
        </Text>
      }
      form={
        <LeadForm
          kind="custom_quote"
          title="Your requirements"
          submitLabel="Request a quote"
          rules={{ company: 'required' }}
          messageLabel="Describe your requirements"
          messagePlaceholder="Number of environments, expected growth, compliance frameworks, network needs..."
          detailFields={[
            { name: 'clusters', label: 'Number of clusters', type: 'number', required: true, min: 1, max: 500 },
            { name: 'nodesPerCluster', label: 'Nodes per cluster', type: 'number', min: 1, max: 1000 },
            {
              name: 'region',
              label: 'Main region',
              type: 'select',
              options: regions,
              placeholder: dataCenters.isPending ? 'Loading regions...' : 'Choose a region',
            },
            { name: 'workload', label: 'Main workload', type: 'select', options: WORKLOAD_TYPES },
            { name: 'supportLevel', label: 'Support level', type: 'select', options: SUPPORT_LEVELS },
          ]}
          confirmation="A solution architect will review your requirements and send you a written quote within two working days. They may call you to clarify details."
        />
      }
    />
  );
}
