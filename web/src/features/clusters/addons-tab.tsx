import { Button, Group, Modal, Table, Text } from '@mantine/core';
import { IconPuzzle, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { ButtonLink } from '../../components/router-links';
import { SectionCard } from '../../components/section-card';
import { formatDate } from '../../lib/date-format';
import { toast } from '../../lib/toast';
import { useTRPCClient } from '../../lib/trpc';
import { useClusterMutation } from './cluster-queries';
import { changeBlockedReason } from './cluster-state';
import type { ClusterDetail } from './cluster-types';

type InstalledAddon = ClusterDetail['addons'][number];

export function AddonsTab({ cluster, mayWrite }: { cluster: ClusterDetail; mayWrite: boolean }) {
  const [removing, setRemoving] = useState<InstalledAddon | null>(null);
  const blocked = changeBlockedReason(cluster);
  return (
    <SectionCard
      id="addons"
      title="Add-ons"
      description="Software KubeMarket installs and keeps up to date on this cluster, billed monthly with it."
      aside={
        cluster.status === 'deleted' ? null : (
          // The add-ons page does not take a cluster to order for yet: the catalogue opens as it is.
          <ButtonLink to="/add-ons" variant="light" leftSection={<IconPuzzle size={16} aria-hidden />} data-testid="order-addons">
            Order more
          </ButtonLink>
        )
      }
    >
      {mayWrite && blocked && cluster.addons.length > 0 ? (
        <Text size="sm" c="dimmed">
          {blocked}
        </Text>
      ) : null}
      {cluster.addons.length === 0 ? (
        <Text size="sm" data-testid="addons-empty">
          No add-on runs on {cluster.name}.
        </Text>
      ) : (
        <Table verticalSpacing="sm" withTableBorder data-testid="addons-table">
          <Table.Caption>Add-ons installed on {cluster.name}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Add-on</Table.Th>
              <Table.Th scope="col">Installed</Table.Th>
              {mayWrite ? <Table.Th scope="col">Actions</Table.Th> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {cluster.addons.map((addon) => (
              <Table.Tr key={addon.id} data-testid="addon-row" data-addon-id={addon.id}>
                <Table.Th scope="row">{addon.name}</Table.Th>
                <Table.Td>{formatDate(addon.installedAt)}</Table.Td>
                {mayWrite ? (
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="default"
                      color="red"
                      leftSection={<IconTrash size={14} aria-hidden />}
                      disabled={blocked !== null}
                      onClick={() => setRemoving(addon)}
                      aria-label={`Remove ${addon.name}`}
                      data-testid="remove-addon"
                    >
                      Remove
                    </Button>
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {removing ? <RemoveAddonModal cluster={cluster} addon={removing} onClose={() => setRemoving(null)} /> : null}
    </SectionCard>
  );
}

function RemoveAddonModal({ cluster, addon, onClose }: { cluster: ClusterDetail; addon: InstalledAddon; onClose: () => void }) {
  const client = useTRPCClient();
  const remove = useClusterMutation(
    cluster.id,
    () => client.clusters.removeAddon.mutate({ id: cluster.id, addonId: addon.id }),
    () => {
      toast({ title: `${addon.name} removed`, description: `It is uninstalled from ${cluster.name} and no longer billed.`, variant: 'success' });
      onClose();
    },
  );
  return (
    <Modal opened onClose={() => !remove.isPending && onClose()} title={<Text fw={700}>Remove {addon.name}?</Text>} closeButtonProps={{ 'aria-label': 'Close' }} centered data-testid="remove-addon-modal">
      <Text size="sm" mb="md">
        {addon.name} is uninstalled from {cluster.name} and its billing stops. What it stored in the cluster (its namespaces and volumes) is removed with it.
      </Text>
      <ErrorAlert>{remove.error?.message}</ErrorAlert>
      <Group justify="flex-end" gap="sm" mt="md">
        <Button variant="default" onClick={onClose} disabled={remove.isPending}>
          Keep it
        </Button>
        <Button color="red" loading={remove.isPending} onClick={() => remove.mutate(undefined)} data-testid="remove-addon-confirm">
          Remove {addon.name}
        </Button>
      </Group>
    </Modal>
  );
}
