import { Text } from '@mantine/core';

import { useState } from 'react';
import { ConfirmByNameModal } from '../../components/confirm-by-name-modal';
import { DangerZoneCard } from '../../components/danger-zone';
import { toast } from '../../lib/toast';
import { useTRPCClient } from '../../lib/trpc';
import { KeepLeftoversChoice } from '../leftovers';
import { useClusterMutation } from './cluster-queries';
import { changeBlockedReason } from './cluster-state';
import type { ClusterDetail } from './cluster-types';
import { BlockedNote } from './blocked-note';

/** Deletion accepts a running, failed or hibernated cluster (clusters service, deleteCluster). */
const DELETABLE = ['running', 'failed', 'hibernated'] as const;

/** The danger zone: deleting the cluster, confirmed by typing its exact name. */
export function DangerZone({ cluster }: { cluster: ClusterDetail }) {
  const [opened, setOpened] = useState(false);
  const blocked = changeBlockedReason(cluster, DELETABLE);
  return (
    <DangerZoneCard
      titleId="danger-zone-title"
      testId="danger-zone"
      deleteLabel="Delete cluster"
      deleteDisabled={blocked !== null}
      deleteTestId="delete-cluster"
      onDelete={() => setOpened(true)}
      modal={<DeleteClusterModal cluster={cluster} opened={opened} onClose={() => setOpened(false)} />}
    >
      <Text size="sm">
        Deleting {cluster.name} drains its nodes, removes its control plane and revokes every kubeconfig. Its volumes, load balancers, backups and
        snapshots go with it, but for those you choose to keep, which are billed until you remove them. Billing for the rest stops once it is
        deleted. This cannot be undone.
      </Text>
      <BlockedNote blocked={blocked} testId="delete-blocked" />
    </DangerZoneCard>
  );
}

function DeleteClusterModal({ cluster, opened, onClose }: { cluster: ClusterDetail; opened: boolean; onClose: () => void }) {
  const client = useTRPCClient();
  // What the cluster leaves that is kept rather than deleted with it (issue 34); the rest goes.
  const [keep, setKeep] = useState<string[]>([]);
  const remove = useClusterMutation(
    cluster.id,
    (confirmName: string) => client.clusters.delete.mutate({ id: cluster.id, confirmName, keep }),
    () => {
      const kept = keep.length === 0 ? '' : ` What you kept is on the billing page.`;
      toast({ title: 'Deleting the cluster', description: `${cluster.name} is being deleted; follow each step on this page.${kept}`, variant: 'warning' });
      setKeep([]);
      onClose();
    },
  );
  return (
    <ConfirmByNameModal
      opened={opened}
      onClose={() => {
        setKeep([]);
        onClose();
      }}
      name={cluster.name}
      label="Cluster name"
      consequences="Every workload of the cluster is removed, and its kubeconfigs stop working."
      details={opened ? <KeepLeftoversChoice clusterId={cluster.id} keep={keep} onChange={setKeep} /> : null}
      keepLabel="Keep the cluster"
      deletion={remove}
      testIds={{ name: 'delete-confirm-name', confirm: 'delete-confirm', modal: 'delete-cluster-modal' }}
    />
  );
}
