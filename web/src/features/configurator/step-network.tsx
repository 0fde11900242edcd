import { ActionIcon, Alert, Button, Group, Radio, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { CNI_PLUGINS } from '@kubemarket/shared';
import type { CniPlugin } from '@kubemarket/shared';
import { IconAlertCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { ItemPrice } from '../catalog';
import { draftTier } from './draft';
import { ChoiceCard } from './choice-card';
import type { StepProps } from './draft-form';
import { SoftBadge } from './soft-badge';

const CNI_TEXT: Record<CniPlugin, { name: string; description: string }> = {
  cilium: {
    name: 'Cilium',
    description: 'eBPF networking with network policies, Hubble flow visibility and kube-proxy replacement. Recommended.',
  },
  calico: {
    name: 'Calico',
    description: 'Proven routing and network policies with iptables or eBPF, for teams that already run Calico.',
  },
};

/** Step 5: the control plane's availability and the cluster network. */
export function NetworkStep({ form, catalog, dispatch }: StepProps) {
  const draft = form.values;
  const tier = draftTier(catalog, draft);
  if (!tier) return null;
  const allowList = draft.networking.apiAllowList;
  return (
    <Stack gap="xl">
      <Stack gap="xs" component="section" aria-labelledby="control-plane-title">
        <Title order={3} size="h5" id="control-plane-title">
          Control plane
        </Title>
        {form.errors.highAvailability ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-path="highAvailability">
            {form.errors.highAvailability}
          </Alert>
        ) : null}
        {tier.haControlPlane === 'included' ? (
          <Group gap="xs" data-testid="ha-included">
            <SoftBadge color="teal">
              Included
            </SoftBadge>
            <Text size="sm">
              {tier.name} clusters run a high-availability control plane: three API server and etcd replicas across zones, at no extra cost.
            </Text>
          </Group>
        ) : tier.haControlPlane === 'optional' ? (
          <Stack gap={4}>
            <Switch
              label="High-availability control plane"
              description="Three API server and etcd replicas across zones instead of one, so that upgrades and a zone outage do not interrupt the Kubernetes API."
              checked={draft.highAvailability}
              onChange={(event) => dispatch({ type: 'setHighAvailability', enabled: event.currentTarget.checked })}
              data-testid="ha-switch"
            />
            {tier.haMonthlyPriceCents !== null ? (
              <Group gap={6} pl={54}>
                <Text size="xs" c="dimmed">
                  Costs
                </Text>
                <ItemPrice monthlyCents={tier.haMonthlyPriceCents} yearlyCents={tier.haYearlyPriceCents} size="xs" />
              </Group>
            ) : null}
          </Stack>
        ) : (
          <Group gap="xs" data-testid="ha-unavailable">
            <SoftBadge color="gray">
              Not available
            </SoftBadge>
            <Text size="sm">{tier.name} clusters have a single control-plane replica; choose another tier for a high-availability control plane.</Text>
          </Group>
        )}
      </Stack>

      <Radio.Group
        label="Network plugin (CNI)"
        value={draft.networking.cni}
        onChange={(value) => form.setFieldValue('networking.cni', value as CniPlugin)}
        error={form.errors['networking.cni']}
        data-path="networking.cni"
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="xs">
          {CNI_PLUGINS.map((cni) => (
            <ChoiceCard key={cni} value={cni} id={`cni-${cni}`} title={CNI_TEXT[cni].name} gap={2}>
              <Text size="sm" c="dimmed" id={`cni-${cni}-facts`}>
                {CNI_TEXT[cni].description}
              </Text>
            </ChoiceCard>
          ))}
        </SimpleGrid>
      </Radio.Group>

      <Stack gap="xs" component="section" aria-labelledby="address-ranges-title">
        <Title order={3} size="h5" id="address-ranges-title">
          Address ranges
        </Title>
        <Text size="sm" c="dimmed">
          Private IPv4 ranges for pods and services inside the cluster. They must not overlap each other, nor the networks your cluster has to reach
          (your VPN or peered networks).
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Pod network" description="A /8 to /22 range, e.g. 10.244.0.0/16." autoComplete="off" {...form.getInputProps('networking.podCidr')} />
          <TextInput
            label="Service network"
            description="A /12 to /24 range, e.g. 10.96.0.0/12."
            autoComplete="off"
            {...form.getInputProps('networking.serviceCidr')}
          />
        </SimpleGrid>
      </Stack>

      <Stack gap="xs" component="section" aria-labelledby="api-access-title">
        <Title order={3} size="h5" id="api-access-title">
          API server access
        </Title>
        <Text size="sm" c="dimmed">
          {allowList.length === 0
            ? 'The Kubernetes API is reachable from anywhere, with authentication. Add networks to accept connections from those networks only.'
            : 'Only these networks can reach the Kubernetes API. Include the addresses of your CI runners and offices.'}
        </Text>
        {allowList.map((_, row) => (
          <Group key={row} gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              label={`Allowed network ${row + 1}`}
              placeholder="e.g. 203.0.113.0/24"
              style={{ flexGrow: 1 }}
              autoComplete="off"
              {...form.getInputProps(`networking.apiAllowList.${row}`)}
            />
            <ActionIcon
              variant="subtle"
              color="gray"
              mt={26}
              aria-label={`Remove allowed network ${row + 1}`}
              onClick={() => {
                form.removeListItem('networking.apiAllowList', row);
                form.clearErrors();
              }}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button size="compact-sm" variant="subtle" leftSection={<IconPlus size={14} />} onClick={() => form.insertListItem('networking.apiAllowList', '')}>
            Add allowed network
          </Button>
        </Group>
      </Stack>
    </Stack>
  );
}
