import { Alert, Anchor, Card, Group, Select, SimpleGrid, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { DetailsList } from '../../components/details-list';
import type { Detail } from '../../components/details-list';
import { formatInteger } from '../../lib/format';
import { slaLabel } from '../catalog';
import { countryOptions } from '../../lib/countries';
import type { Catalog } from '../catalog';
import { useDisplayPrice } from '../currency';
import { draftTier, poolMonthlyCost } from './draft';
import type { ClusterDraft, DraftPool } from './draft';
import type { DraftForm } from './draft-form';
import { SoftBadge } from './soft-badge';
import { windowLabel } from './step-maintenance';
import { zoneLabel } from './step-location';
import { stepInfo } from './steps';
import type { StepId } from './steps';

interface ReviewStepProps {
  form: DraftForm;
  catalog: Catalog;
  /** The VAT number was changed here: the price panel shows it too. */
  onVatNumberChange: () => void;
  /** The address of a step, for the edit links. */
  stepHref: (step: StepId) => string;
  onEdit: (step: StepId) => void;
  /** Why the order could not be placed, when the server's answer concerns no other step. */
  orderError: string | null;
  /** The order already placed for exactly this configuration. */
  placedOrderId: string | null;
}

function labelsText(pool: DraftPool): string {
  return pool.labels.length === 0 ? 'None' : pool.labels.map((label) => `${label.key}=${label.value}`).join(', ');
}

function taintsText(pool: DraftPool): string {
  return pool.taints.length === 0 ? 'None' : pool.taints.map((taint) => `${taint.key}${taint.value ? `=${taint.value}` : ''}:${taint.effect}`).join(', ');
}

/** Step 8: the name, and everything chosen, with a link back to each step. */
export function ReviewStep({ form, catalog, onVatNumberChange, stepHref, onEdit, orderError, placedOrderId }: ReviewStepProps) {
  const draft = form.values;
  const tier = draftTier(catalog, draft);
  if (!tier) return null;
  const region = catalog.regions.find((candidate) => candidate.id === draft.regionId);
  const version = catalog.kubernetesVersions.find((candidate) => candidate.version === draft.kubernetesVersion);
  const addonNames = draft.addonIds.map((id) => catalog.addons.find((addon) => addon.id === id)?.name ?? id);
  const section = (step: StepId, details: readonly Detail[], extra?: ReactNode) => (
    <ReviewSection step={step} href={stepHref(step)} onEdit={onEdit} details={details}>
      {extra}
    </ReviewSection>
  );

  return (
    <Stack gap="lg">
      <TextInput
        label="Cluster name"
        description="Lower-case letters, digits and hyphens, starting with a letter; at most 40 characters. It names the cluster in the console, its kubeconfig and its DNS records."
        placeholder="e.g. prod-eu"
        maxLength={40}
        autoComplete="off"
        withAsterisk
        {...form.getInputProps('name')}
        data-testid="cluster-name"
      />

      {section('tier', [
        { label: 'Tier', value: tier.name, testId: 'review-tier' },
        { label: 'Control-plane SLA', value: slaLabel(tier.slaBasisPoints) },
      ])}
      {section('location', [
        { label: 'Region', value: region ? `${region.name} (${region.id}), ${region.city}` : draft.regionId, testId: 'review-region' },
        { label: 'Zones', value: draft.zones.length > 0 ? draft.zones.map((zone) => zoneLabel(draft.regionId, zone)).join(', ') : 'The region’s only zone' },
      ])}
      {section('version', [{ label: 'Kubernetes', value: version ? `${version.version} (${version.classification})` : draft.kubernetesVersion, testId: 'review-version' }])}
      {section('pools', [], <PoolsTable catalog={catalog} draft={draft} />)}
      {section('network', [
        {
          label: 'High-availability control plane',
          value: tier.haControlPlane === 'included' ? 'Included' : tier.haControlPlane === 'unavailable' ? 'Not available' : draft.highAvailability ? 'Yes' : 'No',
        },
        { label: 'Network plugin', value: draft.networking.cni === 'cilium' ? 'Cilium' : 'Calico' },
        { label: 'Pod network', value: draft.networking.podCidr },
        { label: 'Service network', value: draft.networking.serviceCidr },
        { label: 'API server reachable from', value: draft.networking.apiAllowList.length > 0 ? draft.networking.apiAllowList.join(', ') : 'Anywhere' },
      ])}
      {section('addons', [{ label: 'Add-ons', value: addonNames.length > 0 ? addonNames.join(', ') : 'None', testId: 'review-addons' }])}
      {section('maintenance', [
        { label: 'Maintenance window', value: windowLabel(draft.maintenance) },
        { label: 'Automatic patch upgrades', value: draft.maintenance.autoUpgrade ? 'On' : 'Off' },
      ])}

      <BillingFields form={form} onVatNumberChange={onVatNumberChange} />

      {draft.promotionCode.trim() !== '' ? (
        <Text size="sm" data-testid="review-promotion">
          Promotion code{' '}
          <Text span fw={700} inherit>
            {draft.promotionCode.trim().toUpperCase()}
          </Text>
          : the price panel shows whether it applies; it is checked again at checkout.
        </Text>
      ) : (
        <Text size="sm" c="dimmed" data-testid="review-promotion">
          Have a promotion code such as PARIS? Enter it in the price panel, or at checkout.
        </Text>
      )}

      {placedOrderId ? (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} data-testid="order-placed">
          You already placed order {placedOrderId} for this configuration: continuing takes you back to its checkout. Change anything to place a new
          order instead.
        </Alert>
      ) : null}
      {orderError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" title="The order could not be placed" data-testid="order-error">
          {orderError}
        </Alert>
      ) : null}
    </Stack>
  );
}

function ReviewSection({
  step,
  href,
  onEdit,
  details,
  children,
}: {
  step: StepId;
  href: string;
  onEdit: (step: StepId) => void;
  details: readonly Detail[];
  children?: ReactNode;
}) {
  const info = stepInfo(step);
  const titleId = `review-${step}-title`;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={titleId} data-testid="review-section">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} size="h5" id={titleId}>
            {info.title}
          </Title>
          <Anchor
            href={href}
            size="sm"
            onClick={(event) => {
              if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
              event.preventDefault();
              onEdit(step);
            }}
          >
            Edit<VisuallyHidden> {info.title.toLowerCase()}</VisuallyHidden>
          </Anchor>
        </Group>
        {details.length > 0 ? <DetailsList details={details} /> : null}
        {children}
      </Stack>
    </Card>
  );
}

function PoolsTable({ catalog, draft }: { catalog: Catalog; draft: ClusterDraft }) {
  const { format } = useDisplayPrice();
  return (
    // Focusable, so that keyboard users can scroll it on narrow screens.
    <Table.ScrollContainer minWidth={640} type="native" tabIndex={0} role="region" aria-label="Node pools, scrollable">
      <Table verticalSpacing="xs" aria-label="Node pools" data-testid="review-pools">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Pool</Table.Th>
            <Table.Th scope="col">Flavour</Table.Th>
            <Table.Th scope="col">Nodes</Table.Th>
            <Table.Th scope="col">Labels and taints</Table.Th>
            <Table.Th scope="col">A month</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {draft.pools.map((pool, index) => {
            const flavor = catalog.flavors.find((candidate) => candidate.id === pool.flavorId);
            const cost = poolMonthlyCost(catalog, pool);
            return (
              <Table.Tr key={index}>
                <Table.Th scope="row">{pool.name}</Table.Th>
                <Table.Td>
                  {flavor?.name ?? pool.flavorId}
                  {flavor && flavor.gpuCount > 0 ? (
                    <SoftBadge size="xs" color="violet" ml={6}>
                      GPU
                    </SoftBadge>
                  ) : null}
                </Table.Td>
                <Table.Td>{pool.autoscale ? `${formatInteger(pool.autoscale.min)} to ${formatInteger(pool.autoscale.max)} (autoscaling)` : formatInteger(pool.count)}</Table.Td>
                <Table.Td>
                  <Text size="xs">Labels: {labelsText(pool)}</Text>
                  <Text size="xs">Taints: {taintsText(pool)}</Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{cost ? (cost.maxCents === null ? format(cost.cents) : `${format(cost.cents)} to ${format(cost.maxCents)}`) : '—'}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Who is billed: the server needs it to place the order, and the VAT follows its country and VAT number. */
function BillingFields({ form, onVatNumberChange }: { form: DraftForm; onVatNumberChange: () => void }) {
  const draft = form.values;
  return (
    <Stack gap="sm" component="section" aria-labelledby="review-billing-title" data-testid="billing-fields">
      <Title order={3} size="h5" id="review-billing-title">
        Billing details
      </Title>
      <Text size="sm" c="dimmed">
        They appear on your invoices. The VAT of your order follows the country and VAT number.
      </Text>
      <TextInput label="Company name" autoComplete="organization" withAsterisk maxLength={200} {...form.getInputProps('billing.companyName')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label="Country"
          data={countryOptions()}
          searchable
          allowDeselect={false}
          withAsterisk
          value={draft.countryCode}
          onChange={(value) => value && form.setFieldValue('countryCode', value)}
          error={form.errors.countryCode}
          data-path="countryCode"
        />
        <TextInput
          label="VAT number"
          description="EU businesses outside France with a VAT number pay no VAT (reverse charge)."
          placeholder="e.g. DE123456789"
          maxLength={20}
          autoComplete="off"
          {...form.getInputProps('vatNumber')}
          onChange={(event) => {
            const vatNumber = event.currentTarget.value;
            form.setValues({ vatNumber, isBusiness: vatNumber.trim() !== '' || form.getValues().isBusiness });
            form.clearFieldError('vatNumber');
            onVatNumberChange();
          }}
        />
      </SimpleGrid>
      <TextInput label="Address" autoComplete="address-line1" withAsterisk maxLength={200} {...form.getInputProps('billing.addressLine1')} />
      <TextInput label="Address, second line" autoComplete="address-line2" maxLength={200} {...form.getInputProps('billing.addressLine2')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="Postcode" autoComplete="postal-code" withAsterisk maxLength={16} {...form.getInputProps('billing.postalCode')} />
        <TextInput label="City" autoComplete="address-level2" withAsterisk maxLength={100} {...form.getInputProps('billing.city')} />
      </SimpleGrid>
    </Stack>
  );
}
