import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmByNameModal } from '../../components/confirm-by-name-modal';
import { toast } from '../../lib/toast';
import { useTRPCClient } from '../../lib/trpc';
import { useClusterMutation } from './cluster-queries';
import { changeBlockedReason } from './cluster-state';
import type { ClusterDetail } from './cluster-types';

/** Deletion accepts a running, failed or hibernated cluster (clusters service, deleteCluster). */
const DELETABLE = ['running', 'failed', 'hibernated'] as const;

/** The danger zone: deleting the cluster, confirmed by typing its exact name. */
export function DangerZone({ cluster }: { cluster: ClusterDetail }) {
  const [opened, setOpened] = useState(false);
  const blocked = changeBlockedReason(cluster, DELETABLE);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="danger-zone-title" style={{ borderColor: 'var(--mantine-color-red-7)' }} data-testid="danger-zone">
      <Stack gap="sm">
        <Title order={2} size="h4" id="danger-zone-title">
          Danger zone
        </Title>
        <Text size="sm">
          Deleting {cluster.name} drains its nodes, removes its control plane, its volumes and its load balancers, and revokes every kubeconfig. Billing
          stops once it is deleted. This cannot be undone.
        </Text>
        {blocked ? (
          <Text size="sm" c="dimmed" data-testid="delete-blocked">
            {blocked}
          </Text>
        ) : null}
        <Group>
          <Button color="red" leftSection={<IconTrash size={16} aria-hidden />} disabled={blocked !== null} onClick={() => setOpened(true)} data-testid="delete-cluster">
            Delete cluster
          </Button>
        </Group>
      </Stack>
      <DeleteClusterModal cluster={cluster} opened={opened} onClose={() => setOpened(false)} />
    </Card>
  );
}

function DeleteClusterModal({ cluster, opened, onClose }: { cluster: ClusterDetail; opened: boolean; onClose: () => void }) {
  const client = useTRPCClient();
  const remove = useClusterMutation(
    cluster.id,
    (confirmName: string) => client.clusters.delete.mutate({ id: cluster.id, confirmName }),
    () => {
      toast({ title: 'Deleting the cluster', description: `${cluster.name} is being deleted; follow each step on this page.`, variant: 'warning' });
      onClose();
    },
  );
  return (
    <ConfirmByNameModal
      opened={opened}
      onClose={() => {
        remove.reset();
        onClose();
      }}
      name={cluster.name}
      label="Cluster name"
      consequences="Every workload, volume and load balancer of the cluster is removed, and its kubeconfigs stop working."
      keepLabel="Keep the cluster"
      pending={remove.isPending}
      error={remove.error?.message}
      onConfirm={() => remove.mutate(cluster.name)}
      testIds={{ name: 'delete-confirm-name', confirm: 'delete-confirm', modal: 'delete-cluster-modal' }}
    />
  );
}
