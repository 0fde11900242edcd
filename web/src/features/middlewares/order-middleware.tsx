import { Alert, Button, Group, Select, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { CancelSubmitRow } from '../../components/form-fields';
import { middlewarePlacementSchema } from '@kubemarket/shared';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ButtonLink } from '../../components/router-links';
import { useTRPC } from '../../lib/trpc';
import { useSchemaForm } from '../../lib/use-schema-form';
import { PlaceOrderModal } from '../checkout';
import { Modal } from '../../components/overlays';

interface OrderedPlan {
  id: string;
  name: string;
}

interface OrderMiddlewareProps {
  middleware: { id: string; name: string; versions: readonly string[]; regionIds: readonly string[] };
  plan: OrderedPlan | null;
  onClose: () => void;
}

interface Placement {
  name: string;
  clusterId: string;
  version: string | undefined;
}

/** Clusters a middleware can be placed in (the server says the same: placement.ts). */
const PLACEABLE = new Set(['running', 'updating', 'upgrading', 'provisioning']);

/**
 * Ordering a middleware plan: first where it runs (its name, one of the organisation's clusters in
 * a region it is offered in, its version), then the checkout's billing step with the server's quote.
 */
export function OrderMiddleware({ middleware, plan, onClose }: OrderMiddlewareProps) {
  const [placement, setPlacement] = useState<Placement | null>(null);
  const close = () => {
    setPlacement(null);
    onClose();
  };
  if (!plan) return null;
  if (placement) {
    return (
      <PlaceOrderModal
        opened
        onClose={close}
        title={`${middleware.name}: ${plan.name} (${placement.name})`}
        lines={[{ kind: 'middleware', planId: plan.id, name: placement.name, clusterId: placement.clusterId, ...(placement.version ? { version: placement.version } : {}) }]}
        quoteLines={[{ kind: 'middleware', planId: plan.id }]}
      />
    );
  }
  return (
    <Modal opened onClose={close} size="lg" title={<Text fw={700}>Order {middleware.name}: {plan.name}</Text>} closeButtonProps={{ 'aria-label': 'Close' }} data-testid="middleware-placement-modal">
      <PlacementForm middleware={middleware} onCancel={close} onNext={setPlacement} />
    </Modal>
  );
}

function PlacementForm({ middleware, onCancel, onNext }: { middleware: OrderMiddlewareProps['middleware']; onCancel: () => void; onNext: (placement: Placement) => void }) {
  const trpc = useTRPC();
  const clusters = useQuery(trpc.clusters.list.queryOptions({ pageSize: 100, sort: 'name' }));
  const { form, formRef, onSubmit } = useSchemaForm({
    schema: middlewarePlacementSchema,
    initialValues: { name: '', clusterId: null as string | null, version: middleware.versions[0] ?? '' },
    submit: ({ name, clusterId, version }) => onNext({ name, clusterId, version: version || undefined }),
  });
  if (clusters.isPending) return <Skeleton height={200} radius="md" aria-label="Loading your clusters" />;
  const offeredIn = (region: string) => middleware.regionIds.length === 0 || middleware.regionIds.includes(region);
  const candidates = (clusters.data?.items ?? []).filter((cluster) => PLACEABLE.has(cluster.status) && offeredIn(cluster.region.id));
  if (candidates.length === 0) {
    return (
      <Stack gap="md">
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} data-testid="middleware-no-cluster">
          {middleware.name} runs in one of your clusters, next to your applications. Your organisation has no running cluster in a region where it is offered
          ({middleware.regionIds.join(', ') || 'any region'}): order a cluster first.
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Close
          </Button>
          <ButtonLink to="/cluster-selection">Order a cluster</ButtonLink>
        </Group>
      </Stack>
    );
  }
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm">
          {middleware.name} runs in one of your clusters and answers at an address inside it, reachable by your workloads only. Its region is the cluster&apos;s.
        </Text>
        <TextInput
          label="Name"
          description="Lower-case letters, digits and hyphens; it names the service in the cluster."
          placeholder="orders-db"
          key={form.key('name')}
          {...form.getInputProps('name')}
          required
          autoComplete="off"
          spellCheck={false}
          data-autofocus
          data-testid="middleware-name"
        />
        <Select
          label="Cluster"
          placeholder="Choose a cluster"
          data={candidates.map((cluster) => ({ value: cluster.id, label: `${cluster.name} (${cluster.region.name})` }))}
          key={form.key('clusterId')}
          {...form.getInputProps('clusterId')}
          required
          allowDeselect={false}
          data-testid="middleware-cluster"
        />
        {middleware.versions.length > 0 ? (
          <Select label="Version" data={middleware.versions.map((value) => ({ value, label: value === middleware.versions[0] ? `${value} (newest)` : value }))} key={form.key('version')} {...form.getInputProps('version')} allowDeselect={false} data-testid="middleware-version" />
        ) : null}
        <CancelSubmitRow onCancel={onCancel} submitting={false} gap="sm" testId="middleware-placement-next">
          Next: billing
        </CancelSubmitRow>
      </Stack>
    </form>
  );
}
