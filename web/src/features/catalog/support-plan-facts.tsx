import { Table } from '@mantine/core';
import { DetailsList } from '../../components/details-list';
import type { CatalogSupportPlan } from './catalog-types';
import { SupportPlanPrice } from './item-price';
import { channelLabel, hoursLabel, responseTimeLabel } from './tier-facts';

const SEVERITIES = ['P1 critical', 'P2 high', 'P3 normal', 'P4 question'] as const;

/** A support plan's price, hours, channels, named engineer and first-response targets per severity. */
export function SupportPlanFacts({ plan }: { plan: CatalogSupportPlan }) {
  return (
    <>
      <DetailsList
        details={[
          { label: 'Price', value: <SupportPlanPrice plan={plan} size="sm" /> },
          { label: 'Hours', value: hoursLabel(plan.hours) },
          { label: 'Channels', value: plan.channels.map(channelLabel).join(', ') },
          { label: 'Named engineer', value: plan.namedEngineer ? 'Yes' : 'No' },
        ]}
      />
      <Table verticalSpacing="xs" withTableBorder>
        <Table.Caption>First response within</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {SEVERITIES.map((severity) => (
              <Table.Th key={severity} scope="col">
                {severity}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Table.Tr>
            {plan.responseMinutes.map((minutes, index) => (
              <Table.Td key={index}>{responseTimeLabel(minutes)}</Table.Td>
            ))}
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </>
  );
}
