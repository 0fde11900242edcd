import { Badge, Group, Text, ThemeIcon } from '@mantine/core';
import { IconApi, IconDeviceDesktop, IconPlugConnected, IconServer, IconServer2, IconUsers } from '@tabler/icons-react';
import { Handle, Position } from '@xyflow/react';
import type { NodeProps, NodeTypes } from '@xyflow/react';
import type { ComponentType } from 'react';
import classes from './topology-diagram.module.css';
import { KIND_COLORS, STATUS_COLORS, STATUS_LABELS } from './topology-labels';
import type { ComponentFlowNode, NetworkFlowNode, ZoneFlowNode } from './topology-layout';
import type { TopologyComponentKind } from './topology-model';

const ICONS: Record<TopologyComponentKind, ComponentType<{ size?: number }>> = {
  internet: IconDeviceDesktop,
  administrators: IconUsers,
  'load-balancer': IconPlugConnected,
  'api-endpoint': IconApi,
  'control-plane': IconServer2,
  'node-pool': IconServer,
};

const SIDES = [
  ['top', Position.Top],
  ['bottom', Position.Bottom],
  ['left', Position.Left],
  ['right', Position.Right],
] as const;

/** A source and a target point on every side: the layout picks the sides each edge uses. */
function Handles() {
  return SIDES.flatMap(([side, position]) => [
    <Handle key={`${side}-source`} id={`${side}-source`} type="source" position={position} isConnectable={false} className={classes.handle} />,
    <Handle key={`${side}-target`} id={`${side}-target`} type="target" position={position} isConnectable={false} className={classes.handle} />,
  ]);
}

function ComponentNode({ data }: NodeProps<ComponentFlowNode>) {
  const { component } = data;
  const Icon = ICONS[component.kind];
  return (
    <div className={classes.card} data-testid="topology-node" data-kind={component.kind} data-zone={component.zoneId ?? ''} data-status={component.status ?? ''}>
      <Handles />
      <Group gap={8} wrap="nowrap" mb={4}>
        <ThemeIcon size="md" variant="light" color={KIND_COLORS[component.kind]} aria-hidden>
          <Icon size={16} />
        </ThemeIcon>
        <Text size="sm" fw={600} truncate="end" data-testid="topology-node-name">
          {component.name}
        </Text>
        {component.status ? (
          <Badge size="xs" variant="light" color={STATUS_COLORS[component.status]} ml="auto" style={{ flexShrink: 0 }}>
            {STATUS_LABELS[component.status]}
          </Badge>
        ) : null}
      </Group>
      <Text size="xs" c="dimmed" lineClamp={2} lh={1.35}>
        {component.details}
      </Text>
    </div>
  );
}

function ZoneNode({ data }: NodeProps<ZoneFlowNode>) {
  return (
    <div className={classes.zone} data-testid="topology-zone" data-zone={data.zone.id}>
      <Text size="sm" fw={700} data-testid="topology-zone-name">
        {data.zone.id}
      </Text>
      <Text size="xs" c="dimmed">
        Subnet {data.zone.subnetCidr}
      </Text>
    </div>
  );
}

function NetworkNode({ data }: NodeProps<NetworkFlowNode>) {
  return (
    <div className={classes.network} data-testid="topology-network">
      <Text size="sm" fw={700}>
        Private network (VPC) {data.network.vpcCidr}
      </Text>
      <Text size="xs" c="dimmed">
        Pods {data.network.podCidr} · Services {data.network.serviceCidr} · {data.zoneCount} {data.zoneCount === 1 ? 'zone' : 'zones'}
      </Text>
    </div>
  );
}

/** Defined once: xyflow re-mounts every node when this object changes. */
export const NODE_TYPES: NodeTypes = { component: ComponentNode, zone: ZoneNode, network: NetworkNode };
