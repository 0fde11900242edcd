import { Button, Card, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorAlert } from '../../components/error-alert';
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
  const [typed, setTyped] = useState('');
  const remove = useClusterMutation(
    cluster.id,
    (confirmName: string) => client.clusters.delete.mutate({ id: cluster.id, confirmName }),
    () => {
      toast({ title: 'Deleting the cluster', description: `${cluster.name} is being deleted; follow each step on this page.`, variant: 'warning' });
      setTyped('');
      onClose();
    },
  );
  const close = () => {
    if (remove.isPending) return;
    remove.reset();
    setTyped('');
    onClose();
  };
  const matches = typed.trim() === cluster.name;
  return (
    <Modal opened={opened} onClose={close} title={<Text fw={700}>Delete {cluster.name}?</Text>} closeButtonProps={{ 'aria-label': 'Close' }} centered data-testid="delete-cluster-modal">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (matches) remove.mutate(typed.trim());
        }}
      >
        <Stack gap="md">
          <Text size="sm">
            Every workload, volume and load balancer of the cluster is removed, and its kubeconfigs stop working. Type the cluster&apos;s name,{' '}
            <Text span fw={700} ff="monospace">
              {cluster.name}
            </Text>
            , to confirm.
          </Text>
          <TextInput
            label="Cluster name"
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            autoComplete="off"
            spellCheck={false}
            data-autofocus
            data-testid="delete-confirm-name"
          />
          <ErrorAlert>{remove.error?.message}</ErrorAlert>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={remove.isPending}>
              Keep the cluster
            </Button>
            <Button type="submit" color="red" disabled={!matches} loading={remove.isPending} data-testid="delete-confirm">
              Delete {cluster.name}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
