import { Badge, Stack, Text, Title } from '@mantine/core';
import { DataTable } from '../../components/list-kit';
import { KIND_LABELS, placeLabel, STATUS_COLORS, STATUS_LABELS } from './topology-labels';
import type { TopologyModel } from './topology-model';

/** Both tables: striped, bordered, scrolling sideways natively below 560 px. */
const DESCRIPTION_TABLE = { minWidth: 560, striped: true, withTableBorder: true, verticalSpacing: 'xs' } as const;

interface TopologyDescriptionProps {
  model: TopologyModel;
  /** Id of the section, which the diagram names as its description. */
  id: string;
  /** Level of the section's heading, under the page's own. */
  headingOrder: 2 | 3;
}

/**
 * The diagram in words (WCAG 1.1.1): every component with where it runs, every connection with
 * what flows over it, and the networks. Always on the page, so that it can be read and searched.
 */
export function TopologyDescription({ model, id, headingOrder }: TopologyDescriptionProps) {
  // A pool has a part in every zone: the zone tells them apart.
  const names = new Map(model.components.map((component) => [component.id, component.zoneId ? `${component.name} (${component.zoneId})` : component.name]));
  const withStatus = model.components.some((component) => component.status !== undefined);
  const titleId = `${id}-title`;

  return (
    <Stack component="section" id={id} aria-labelledby={titleId} gap="md" data-testid="topology-description">
      <Title order={headingOrder} size="h4" id={titleId}>
        The architecture in words
      </Title>
      <Text size="sm">
        {model.title}: {model.zones.length} availability {model.zones.length === 1 ? 'zone' : 'zones'} ({model.zones.map((zone) => zone.id).join(', ')})
        in a private network {model.network.vpcCidr}; pods use {model.network.podCidr} and services {model.network.serviceCidr}. The control plane
        runs {model.controlPlane.replicas === 1 ? 'a single replica' : `${model.controlPlane.replicas} replicas`}.
      </Text>

      <DataTable
        rows={model.components}
        columns={[
          { header: 'Component', rowHeader: true, cell: (component) => component.name, cellProps: () => ({ fw: 600 }) },
          { header: 'Kind', cell: (component) => KIND_LABELS[component.kind] },
          { header: 'Where', cell: placeLabel },
          { header: 'Details', cell: (component) => component.details },
          withStatus && {
            header: 'Status',
            cell: (component) =>
              component.status ? (
                <Badge variant="light" color={STATUS_COLORS[component.status]}>
                  {STATUS_LABELS[component.status]}
                </Badge>
              ) : (
                '—'
              ),
          },
        ]}
        rowKey={(component) => component.id}
        rowProps={(component) => ({ 'data-testid': 'topology-component-row', 'data-kind': component.kind, 'data-zone': component.zoneId ?? '' })}
        caption={`Components of ${model.title}`}
        testId="topology-components"
        {...DESCRIPTION_TABLE}
      />

      <DataTable
        rows={model.connections}
        columns={[
          { header: 'From', cell: (connection) => names.get(connection.from) ?? connection.from },
          { header: 'To', cell: (connection) => names.get(connection.to) ?? connection.to },
          { header: 'What flows', cell: (connection) => connection.label },
        ]}
        rowKey={(connection) => connection.id}
        rowProps={() => ({ 'data-testid': 'topology-connection-row' })}
        caption="Connections between the components"
        testId="topology-connections"
        {...DESCRIPTION_TABLE}
      />
    </Stack>
  );
}
