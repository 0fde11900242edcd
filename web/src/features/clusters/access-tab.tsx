import { Alert, Button, Code, CopyButton, Group, Select, Stack, Text } from '@mantine/core';
import { ConfirmModal } from '../../components/confirm-modal';
import { IconCheck, IconCopy, IconDownload, IconKey, IconShieldX } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { SectionCard } from '../../components/section-card';
import { formatDateTime } from '../../lib/date-format';
import { toast } from '../../lib/toast';
import { useTRPCClient } from '../../lib/trpc';
import { useClusterMutation } from './cluster-queries';
import { changeBlockedReason, kubeconfigBlockedReason } from './cluster-state';
import type { ClusterDetail } from './cluster-types';
import { DEFAULT_KUBECONFIG_SECONDS, kubeconfigFileName, KUBECONFIG_EXPIRY_OPTIONS, saveTextFile } from './kubeconfig';
import { BlockedNote } from './blocked-note';

interface Issued {
  fileName: string;
  yaml: string;
  expiresAt: number;
  serialNumber: string;
}

export function AccessTab({ cluster, mayWrite }: { cluster: ClusterDetail; mayWrite: boolean }) {
  return (
    <Stack gap="lg">
      <KubeconfigSection cluster={cluster} mayWrite={mayWrite} />
      {mayWrite ? <RevokeSection cluster={cluster} /> : null}
    </Stack>
  );
}

function KubeconfigSection({ cluster, mayWrite }: { cluster: ClusterDetail; mayWrite: boolean }) {
  const client = useTRPCClient();
  const [seconds, setSeconds] = useState(DEFAULT_KUBECONFIG_SECONDS);
  const [issued, setIssued] = useState<Issued | null>(null);
  const blocked = kubeconfigBlockedReason(cluster);
  const download = useClusterMutation(
    cluster.id,
    (expiresInSeconds: number) => client.clusters.kubeconfig.mutate({ id: cluster.id, expiresInSeconds }),
    (result) => {
      const fileName = kubeconfigFileName(cluster.name);
      saveTextFile(fileName, result.kubeconfig);
      setIssued({ fileName, yaml: result.kubeconfig, expiresAt: result.expiresAt, serialNumber: result.serialNumber });
    },
  );

  return (
    <SectionCard
      id="kubeconfig"
      title="Kubeconfig"
      description="A kubeconfig with your own client certificate, signed by the cluster's certificate authority. It is issued once and never stored: keep the file safe."
    >
      {!mayWrite ? (
        <Text size="sm" data-testid="kubeconfig-not-allowed">
          Kubeconfigs are issued to owners, administrators and members of the organisation.
        </Text>
      ) : (
        <Stack gap="md">
          <Group align="flex-end" gap="sm" wrap="wrap">
            <Select
              label="Valid for"
              description="The certificate expires then; you can revoke it sooner."
              data={KUBECONFIG_EXPIRY_OPTIONS.map((option) => ({ value: String(option.seconds), label: option.label }))}
              value={String(seconds)}
              allowDeselect={false}
              onChange={(value) => value && setSeconds(Number(value))}
              w={260}
              data-testid="kubeconfig-expiry"
            />
            <Button
              leftSection={<IconDownload size={16} aria-hidden />}
              disabled={blocked !== null}
              loading={download.isPending}
              onClick={() => download.mutate(seconds)}
              data-testid="kubeconfig-download"
            >
              Download kubeconfig
            </Button>
          </Group>
          <BlockedNote blocked={blocked} />
          <ErrorAlert>{download.error?.message}</ErrorAlert>
          {issued ? <IssuedKubeconfig issued={issued} reachable={cluster.apiServer !== null} onHide={() => setIssued(null)} /> : null}
        </Stack>
      )}
    </SectionCard>
  );
}

/** The kubeconfig just issued: shown this once, with its expiry; it is not kept anywhere. */
function IssuedKubeconfig({ issued, reachable, onHide }: { issued: Issued; reachable: boolean; onHide: () => void }) {
  return (
    <Alert color="blue" variant="light" icon={<IconKey size={18} />} title={`Downloaded ${issued.fileName}`} data-testid="kubeconfig-issued">
      <Stack gap="sm">
        <Text size="sm" data-testid="kubeconfig-expires">
          Valid until {formatDateTime(issued.expiresAt)} (certificate serial <Code>{issued.serialNumber}</Code>). It is shown only this once; download a new one if you lose it.
          {reachable ? (
            <>
              Use it with <Code>kubectl --kubeconfig {issued.fileName} get nodes</Code>.
            </>
          ) : (
            // A simulated cluster without the local API gateway (ADR 32): nothing answers the kubeconfig.
            'This simulated cluster has no API server, so kubectl cannot reach it with this file.'
          )}
        </Text>
        {/* Focusable so that the keyboard can scroll it. */}
        <Code block role="region" aria-label="The kubeconfig" tabIndex={0} style={{ maxHeight: 220, overflow: 'auto' }} data-testid="kubeconfig-yaml">
          {issued.yaml}
        </Code>
        <Group gap="sm">
          <CopyButton value={issued.yaml} timeout={2000}>
            {({ copied, copy }) => (
              <Button size="xs" variant="default" onClick={copy} leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}>
                {copied ? 'Copied' : 'Copy the kubeconfig'}
              </Button>
            )}
          </CopyButton>
          <Button size="xs" variant="subtle" onClick={onHide}>
            Hide it
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

function RevokeSection({ cluster }: { cluster: ClusterDetail }) {
  const client = useTRPCClient();
  const [confirming, setConfirming] = useState(false);
  const blocked = changeBlockedReason(cluster, ['running', 'hibernated']);
  const revoke = useClusterMutation(
    cluster.id,
    () => client.clusters.revokeCredentials.mutate({ id: cluster.id }),
    (result) => {
      toast({
        title: 'Credentials revoked',
        description: `${result.revoked} ${result.revoked === 1 ? 'kubeconfig was' : 'kubeconfigs were'} still valid and no longer work; the certificate authority was rotated.`,
        variant: 'success',
      });
      setConfirming(false);
    },
  );
  return (
    <SectionCard id="revoke" title="Revoke all credentials" description="If a kubeconfig leaked or someone left the team: every kubeconfig issued so far stops working at once.">
      <BlockedNote blocked={blocked} />
      <Group>
        <Button color="red" variant="light" leftSection={<IconShieldX size={16} aria-hidden />} disabled={blocked !== null} onClick={() => setConfirming(true)} data-testid="revoke-credentials">
          Revoke all credentials
        </Button>
      </Group>
      <ConfirmModal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={`Revoke every kubeconfig of ${cluster.name}?`}
        error={revoke.error?.message}
        pending={revoke.isPending}
        confirmLabel="Revoke all credentials"
        confirmColor="red"
        onConfirm={() => revoke.mutate(undefined)}
        testIds={{ modal: 'revoke-modal', confirm: 'revoke-confirm' }}
      >
        <Text size="sm">
          The cluster&apos;s certificate authority is rotated: every kubeconfig issued so far, yours included, stops working. Scripts and pipelines that use one need a new
          kubeconfig.
        </Text>
      </ConfirmModal>
    </SectionCard>
  );
}
