import { Button, Skeleton, Stack, Table, Text } from '@mantine/core';
import { ConfirmModal } from '../../components/confirm-modal';
import { IconPuzzle, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable } from '../../components/list-kit';
import { QueryErrorAlert } from '../../components/query-error-alert';
import { SectionCard } from '../../components/section-card';
import { formatDate } from '../../lib/date-format';
import { toast } from '../../lib/toast';
import { useTRPCClient } from '../../lib/trpc';
import { ItemPrice, useCatalog } from '../catalog';
import { PlaceOrderModal } from '../checkout';
import { addonOffers, type AddonOffer } from './addon-offers';
import { useClusterMutation } from './cluster-queries';
import { changeBlockedReason } from './cluster-state';
import type { ClusterDetail } from './cluster-types';
import { OperationProgress } from './operation-progress';
import { BlockedNote } from './blocked-note';

type InstalledAddon = ClusterDetail['addons'][number];

export function AddonsTab({ cluster, mayWrite }: { cluster: ClusterDetail; mayWrite: boolean }) {
  const [removing, setRemoving] = useState<InstalledAddon | null>(null);
  const blocked = changeBlockedReason(cluster);
  // The add-ons an install under way puts on the cluster, with its progress (issue 31).
  const installing = cluster.currentOperation?.type === 'install_addons' ? cluster.currentOperation : null;
  return (
    <Stack gap="lg">
    <SectionCard
      id="addons"
      title="Add-ons"
      description="Software KubeMarket installs and keeps up to date on this cluster, billed monthly with it."
    >
      {installing ? (
        <Stack gap="xs" data-testid="addons-installing">
          <Text size="sm" fw={600}>
            Installing now
          </Text>
          <OperationProgress operation={installing} />
        </Stack>
      ) : null}
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
    {mayWrite && cluster.status !== 'deleted' ? <AddonCatalogue cluster={cluster} blocked={blocked} /> : null}
    </Stack>
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
    <ConfirmModal
      opened
      onClose={onClose}
      title={`Remove ${addon.name}?`}
      error={remove.error?.message}
      pending={remove.isPending}
      keepLabel="Keep it"
      confirmLabel={`Remove ${addon.name}`}
      confirmColor="red"
      onConfirm={() => remove.mutate(undefined)}
      testIds={{ modal: 'remove-addon-modal', confirm: 'remove-addon-confirm' }}
    >
      <Text size="sm">
        {addon.name} is uninstalled from {cluster.name} and its billing stops. What it stored in the cluster (its namespaces and volumes) is removed with it.
      </Text>
    </ConfirmModal>
  );
}

/**
 * The add-ons this cluster can still run, priced, each with why it cannot when it cannot (its tier,
 * its Kubernetes version); ordering one opens the checkout for an order of it (and the add-ons it
 * requires) on this cluster, installed by the cluster's operator once paid (issue 31).
 */
function AddonCatalogue({ cluster, blocked }: { cluster: ClusterDetail; blocked: string | null }) {
  const { catalog, error, isFetching, refetch } = useCatalog();
  const [ordering, setOrdering] = useState<AddonOffer | null>(null);
  if (error) return <QueryErrorAlert title="The add-ons on sale could not be loaded" error={error} retrying={isFetching} onRetry={refetch} />;
  if (!catalog) return <Skeleton height={160} radius="md" aria-label="Loading the add-ons on sale" />;
  const offers = addonOffers(catalog, cluster);
  const names = (ids: readonly string[]) => ids.map((id) => catalog.addons.find((addon) => addon.id === id)?.name ?? id);
  return (
    <SectionCard
      id="add-addons"
      title="Add an add-on"
      description={`Priced per month with ${cluster.name}, excluding VAT. Installed on the cluster once the order is paid, with its progress shown here; remove it any time and its billing stops.`}
    >
      <BlockedNote blocked={blocked} />
      {offers.length === 0 ? (
        <Text size="sm">{cluster.name} runs every add-on on sale.</Text>
      ) : (
        <DataTable
          rows={offers}
          columns={[
            {
              header: 'Add-on',
              rowHeader: true,
              cellProps: () => ({ fw: undefined, style: { fontWeight: 'normal' } }),
              cell: (offer) => (
                <>
                  <Text size="sm" fw={600}>
                    {offer.addon.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {offer.addon.description}
                  </Text>
                  {offer.reason ? (
                    <Text size="xs" c="red.9" data-testid="addon-offer-reason">
                      {offer.reason}
                    </Text>
                  ) : offer.adds.length > 1 ? (
                    <Text size="xs">With {names(offer.adds.filter((id) => id !== offer.addon.id)).join(' and ')}, which it requires.</Text>
                  ) : null}
                </>
              ),
            },
            { header: 'Price', cell: (offer) => <ItemPrice monthlyCents={offer.addon.monthlyPriceCents} yearlyCents={offer.addon.yearlyPriceCents} size="sm" /> },
            {
              header: 'Order',
              cell: (offer) => (
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconPuzzle size={14} aria-hidden />}
                  disabled={offer.reason !== null || blocked !== null}
                  onClick={() => setOrdering(offer)}
                  aria-label={`Order ${offer.addon.name} for ${cluster.name}`}
                  data-testid="order-addon"
                >
                  Order
                </Button>
              ),
            },
          ]}
          rowKey={(offer) => offer.addon.id}
          rowProps={(offer) => ({ 'data-testid': 'addon-offer', 'data-addon-id': offer.addon.id })}
          caption={`Add-ons ${cluster.name} can order`}
          minWidth={560}
          verticalSpacing="sm"
          withTableBorder
          testId="addon-offers"
        />
      )}
      <PlaceOrderModal
        opened={ordering !== null}
        onClose={() => setOrdering(null)}
        title={ordering ? `${names(ordering.adds).join(' and ')} for ${cluster.name}` : ''}
        lines={(ordering?.adds ?? []).map((addonId) => ({ kind: 'addon' as const, addonId, clusterId: cluster.id }))}
        quoteLines={(ordering?.adds ?? []).map((addonId, index, adds) => ({
          kind: 'addon' as const,
          addonId,
          clusterTierId: cluster.tier.id,
          kubernetesVersion: cluster.kubernetesVersion,
          // Each line sees the add-ons before it in the order as already there (its requirements come first).
          existingAddonIds: [...cluster.addons.map((addon) => addon.id), ...adds.slice(0, index)],
        }))}
      />
    </SectionCard>
  );
}
