import { Button, List, Radio, Stack, Text } from '@mantine/core';
import { ConfirmModal } from '../../components/confirm-modal';
import { IconArrowUpCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { SectionCard } from '../../components/section-card';
import { toast } from '../../lib/toast';
import { useTRPCClient } from '../../lib/trpc';
import { useClusterMutation } from './cluster-queries';
import { changeBlockedReason } from './cluster-state';
import type { ClusterDetail } from './cluster-types';
import { OperationProgress } from './operation-progress';
import { BlockedNote } from './blocked-note';

/** "a patch release" or "the next minor version", for the choice's description. */
function upgradeKind(current: string, target: string): string {
  const [major, minor] = current.split('.');
  return target.startsWith(`${major}.${minor}.`) ? 'Patch release: fixes and security updates' : 'Next minor version: new features; check the Kubernetes deprecations first';
}

export function UpgradesTab({ cluster, mayWrite }: { cluster: ClusterDetail; mayWrite: boolean }) {
  const [target, setTarget] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const chosen = target !== null && cluster.availableUpgrades.includes(target) ? target : (cluster.availableUpgrades[0] ?? null);
  const blocked = changeBlockedReason(cluster);
  const upgrading = cluster.currentOperation?.type === 'upgrade' ? cluster.currentOperation : null;
  const poolVersions = [...new Set(cluster.nodePools.map((pool) => pool.kubernetesVersion))];

  return (
    <Stack gap="lg">
      {upgrading ? (
        <SectionCard id="upgrade-progress" title="Upgrade under way" description="The control plane first, then each node pool, node by node.">
          <OperationProgress operation={upgrading} />
        </SectionCard>
      ) : null}
      <SectionCard id="upgrades" title="Kubernetes version" description="Upgrades move forward only: to a newer patch of this minor version, or to the next minor version. Kubernetes cannot be downgraded.">
        <Text size="sm" data-testid="current-version">
          The control plane runs Kubernetes <strong>{cluster.kubernetesVersion}</strong>
          {poolVersions.length > 0 ? `; the node pools run ${poolVersions.join(' and ')}` : ''}.
        </Text>
        {cluster.availableUpgrades.length === 0 ? (
          <Text size="sm" data-testid="no-upgrades">
            No newer version is available for {cluster.kubernetesVersion} yet.
          </Text>
        ) : (
          <Radio.Group label="Upgrade to" value={chosen} onChange={setTarget} data-testid="upgrade-versions">
            <Stack gap="xs" mt="xs">
              {cluster.availableUpgrades.map((version) => (
                <Radio key={version} value={version} label={version} description={upgradeKind(cluster.kubernetesVersion, version)} disabled={!mayWrite} />
              ))}
            </Stack>
          </Radio.Group>
        )}
        {mayWrite && cluster.availableUpgrades.length > 0 ? (
          <Stack gap="xs" align="flex-start">
            <BlockedNote blocked={blocked} testId="upgrade-blocked" />
            <Button leftSection={<IconArrowUpCircle size={16} aria-hidden />} disabled={blocked !== null || chosen === null} onClick={() => setConfirming(true)} data-testid="upgrade-cluster">
              Upgrade to {chosen}
            </Button>
          </Stack>
        ) : null}
      </SectionCard>
      {confirming && chosen ? <UpgradeModal cluster={cluster} version={chosen} onClose={() => setConfirming(false)} /> : null}
    </Stack>
  );
}

function UpgradeModal({ cluster, version, onClose }: { cluster: ClusterDetail; version: string; onClose: () => void }) {
  const client = useTRPCClient();
  const upgrade = useClusterMutation(
    cluster.id,
    () => client.clusters.upgrade.mutate({ id: cluster.id, version }),
    () => {
      toast({ title: `Upgrading ${cluster.name} to ${version}`, description: 'The control plane first, then each node pool.', variant: 'info' });
      onClose();
    },
  );
  return (
    <ConfirmModal
      opened
      onClose={onClose}
      title={`Upgrade ${cluster.name} to Kubernetes ${version}?`}
      error={upgrade.error?.message}
      pending={upgrade.isPending}
      confirmLabel={`Upgrade to ${version}`}
      onConfirm={() => upgrade.mutate(undefined)}
      testIds={{ modal: 'upgrade-modal', confirm: 'upgrade-confirm' }}
    >
      <Text size="sm">The upgrade runs in this order:</Text>
      <List type="ordered" size="sm" spacing={4}>
        <List.Item>The control plane is upgraded from {cluster.kubernetesVersion} to {version}; the Kubernetes API may pause briefly.</List.Item>
        <List.Item>
          Then each node pool ({cluster.nodePools.map((pool) => pool.name).join(', ')}), one node at a time: each node is drained, its pods move to the others, and it is
          replaced by a node on {version}.
        </List.Item>
      </List>
      <Text size="sm">It cannot be undone: Kubernetes has no downgrade. Your workloads keep running if they have more than one replica.</Text>
    </ConfirmModal>
  );
}
