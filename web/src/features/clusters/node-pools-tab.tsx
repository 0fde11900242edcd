import { Badge, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowsVertical, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable } from '../../components/list-kit';
import { SectionCard } from '../../components/section-card';
import { useDisplayPrice } from '../currency';
import { AddPoolModal } from './add-pool-modal';
import { changeBlockedReason } from './cluster-state';
import type { ClusterDetail, NodePool } from './cluster-types';
import { RemovePoolModal, ScalePoolModal } from './pool-modals';

interface NodePoolsTabProps {
  cluster: ClusterDetail;
  mayWrite: boolean;
}

type Dialog = { kind: 'scale' | 'remove'; pool: NodePool } | { kind: 'add' } | null;

export function NodePoolsTab({ cluster, mayWrite }: NodePoolsTabProps) {
  const { format, ready } = useDisplayPrice();
  const [dialog, setDialog] = useState<Dialog>(null);
  const blocked = changeBlockedReason(cluster);
  const close = () => setDialog(null);

  return (
    <SectionCard
      id="node-pools"
      title="Node pools"
      description="Groups of identical worker nodes. Each change is priced before you confirm it, then applied live, node by node."
      aside={
        mayWrite ? (
          <Button leftSection={<IconPlus size={16} aria-hidden />} disabled={blocked !== null} onClick={() => setDialog({ kind: 'add' })} data-testid="add-pool">
            Add a node pool
          </Button>
        ) : null
      }
    >
      {mayWrite && blocked ? (
        <Text size="sm" c="dimmed" data-testid="pools-blocked">
          {blocked}
        </Text>
      ) : null}
      <DataTable
        rows={cluster.nodePools}
        columns={[
          { header: 'Pool', rowHeader: true, cellProps: () => ({ fw: undefined }), cell: (pool) => pool.name },
          {
            header: 'Flavour',
            cell: (pool) => (
              <>
                <Text size="sm">{pool.flavor.name}</Text>
                <Text size="xs" c="dimmed">
                  {pool.flavor.vcpu} vCPU, {pool.flavor.memoryGb} GB per node
                </Text>
              </>
            ),
          },
          { header: 'Nodes ready', align: 'right', cellProps: () => ({ 'data-testid': 'pool-nodes' }), cell: (pool) => `${pool.readyNodes} of ${pool.count}` },
          { header: 'Autoscaling', cell: (pool) => (pool.autoscaling ? `${pool.autoscaling.min} to ${pool.autoscaling.max} nodes` : 'Off') },
          { header: 'Labels and taints', cell: (pool) => <LabelsAndTaints pool={pool} /> },
          { header: 'Kubernetes', cell: (pool) => pool.kubernetesVersion },
          { header: 'Monthly', align: 'right', cellProps: () => ({ style: { whiteSpace: 'nowrap' } }), cell: (pool) => (ready ? format(pool.monthlyCents) : '…') },
          mayWrite && {
            header: 'Actions',
            cell: (pool) => (
              <Group gap={6} wrap="nowrap">
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconArrowsVertical size={14} aria-hidden />}
                  disabled={blocked !== null}
                  onClick={() => setDialog({ kind: 'scale', pool })}
                  aria-label={`Scale ${pool.name}`}
                  data-testid="scale-pool"
                >
                  Scale
                </Button>
                <RemoveButton pool={pool} lastPool={cluster.nodePools.length === 1} blocked={blocked !== null} onClick={() => setDialog({ kind: 'remove', pool })} />
              </Group>
            ),
          },
        ]}
        rowKey={(pool) => pool.id}
        rowProps={(pool) => ({ 'data-testid': 'pool-row', 'data-pool-id': pool.id, 'data-pool-name': pool.name, 'data-count': pool.count })}
        caption={`Node pools of ${cluster.name}`}
        minWidth={860}
        verticalSpacing="sm"
        withTableBorder
        testId="pools-table"
      />
      {dialog?.kind === 'scale' ? <ScalePoolModal cluster={cluster} pool={dialog.pool} onClose={close} /> : null}
      {dialog?.kind === 'remove' ? <RemovePoolModal cluster={cluster} pool={dialog.pool} onClose={close} /> : null}
      {dialog?.kind === 'add' ? <AddPoolModal cluster={cluster} onClose={close} /> : null}
    </SectionCard>
  );
}

function RemoveButton({ pool, lastPool, blocked, onClick }: { pool: NodePool; lastPool: boolean; blocked: boolean; onClick: () => void }) {
  const button = (
    <Button
      size="xs"
      variant="default"
      color="red"
      leftSection={<IconTrash size={14} aria-hidden />}
      disabled={blocked || lastPool}
      onClick={onClick}
      aria-label={`Remove ${pool.name}`}
      data-testid="remove-pool"
    >
      Remove
    </Button>
  );
  if (!lastPool) return button;
  return (
    <Tooltip label="A cluster keeps at least one node pool; delete the cluster instead." withArrow>
      <span>{button}</span>
    </Tooltip>
  );
}

function LabelsAndTaints({ pool }: { pool: NodePool }) {
  const labels = Object.entries(pool.labels);
  if (labels.length === 0 && pool.taints.length === 0) return <Text size="sm">None</Text>;
  return (
    <Stack gap={4}>
      {labels.length > 0 ? (
        <Group gap={4}>
          {labels.map(([key, value]) => (
            <Badge key={key} variant="light" color="gray" tt="none" radius="sm">
              {key}={value}
            </Badge>
          ))}
        </Group>
      ) : null}
      {pool.taints.length > 0 ? (
        <Group gap={4}>
          {pool.taints.map((taint) => (
            <Badge key={`${taint.key}:${taint.effect}`} variant="light" color="grape" tt="none" radius="sm">
              taint {taint.key}
              {taint.value ? `=${taint.value}` : ''}:{taint.effect}
            </Badge>
          ))}
        </Group>
      ) : null}
    </Stack>
  );
}
