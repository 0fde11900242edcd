import { Badge, Stack, Table, Text, Title } from '@mantine/core';
import { KIND_LABELS, placeLabel, STATUS_COLORS, STATUS_LABELS } from './topology-labels';
import type { TopologyModel } from './topology-model';

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

      <Table.ScrollContainer minWidth={560} type="native">
        <Table striped withTableBorder verticalSpacing="xs" data-testid="topology-components">
          <Table.Caption>Components of {model.title}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Component</Table.Th>
              <Table.Th scope="col">Kind</Table.Th>
              <Table.Th scope="col">Where</Table.Th>
              <Table.Th scope="col">Details</Table.Th>
              {withStatus ? <Table.Th scope="col">Status</Table.Th> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {model.components.map((component) => (
              <Table.Tr key={component.id} data-testid="topology-component-row" data-kind={component.kind} data-zone={component.zoneId ?? ''}>
                <Table.Th scope="row" fw={600}>
                  {component.name}
                </Table.Th>
                <Table.Td>{KIND_LABELS[component.kind]}</Table.Td>
                <Table.Td>{placeLabel(component)}</Table.Td>
                <Table.Td>{component.details}</Table.Td>
                {withStatus ? (
                  <Table.Td>
                    {component.status ? (
                      <Badge variant="light" color={STATUS_COLORS[component.status]}>
                        {STATUS_LABELS[component.status]}
                      </Badge>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>

      <Table.ScrollContainer minWidth={560} type="native">
        <Table striped withTableBorder verticalSpacing="xs" data-testid="topology-connections">
          <Table.Caption>Connections between the components</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">From</Table.Th>
              <Table.Th scope="col">To</Table.Th>
              <Table.Th scope="col">What flows</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {model.connections.map((connection) => (
              <Table.Tr key={connection.id} data-testid="topology-connection-row">
                <Table.Td>{names.get(connection.from) ?? connection.from}</Table.Td>
                <Table.Td>{names.get(connection.to) ?? connection.to}</Table.Td>
                <Table.Td>{connection.label}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
