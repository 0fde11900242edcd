import { Alert, Checkbox, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { categoryLabel, compatibleAddons, ItemPrice } from '../catalog';
import { addonBlockedReason } from '../catalog-browse';
import type { Catalog, CatalogAddon, CatalogTier } from '../catalog';
import { alsoRemovedAddons, autoAddedAddons, draftTier } from './draft';
import type { ClusterDraft } from './draft';
import type { StepProps } from './draft-form';
import { SoftBadge } from './soft-badge';

function names(catalog: Catalog, ids: readonly string[]): string {
  const list = ids.map((id) => catalog.addons.find((addon) => addon.id === id)?.name ?? id);
  if (list.length <= 1) return list.join('');
  return `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`;
}

/** Why an add-on the catalogue sells is not offered for this cluster. */
function unavailableReason(addon: CatalogAddon, tier: CatalogTier, version: string): string {
  if (!addon.compatibleTierIds.includes(tier.id)) return `not available on ${tier.name} clusters.`;
  return `does not support Kubernetes ${version}.`;
}

/** The explanation under an add-on: what it brings along, what requires it, what it excludes. */
function addonNote(catalog: Catalog, draft: ClusterDraft, addon: CatalogAddon): string | undefined {
  const selected = draft.addonIds.includes(addon.id);
  const requiredBy = draft.addonIds.filter((id) => catalog.addons.find((candidate) => candidate.id === id)?.requires.includes(addon.id));
  if (selected && requiredBy.length > 0) return `Required by ${names(catalog, requiredBy)}; removing it removes ${requiredBy.length === 1 ? 'that add-on' : 'those add-ons'} too.`;
  const blocked = selected ? null : addonBlockedReason(catalog, { ...draft, tierId: draft.tierId ?? '' }, addon);
  if (blocked) return blocked;
  const notes: string[] = [];
  if (addon.requires.length > 0) notes.push(`Requires ${names(catalog, addon.requires)}${selected ? '' : ', added with it'}.`);
  if (addon.conflicts.length > 0) notes.push(`Cannot run alongside ${names(catalog, addon.conflicts)}.`);
  return notes.length > 0 ? notes.join(' ') : undefined;
}

/** Step 6: the add-ons the tier and version can run, with their requirements added and conflicts prevented. */
export function AddonsStep({ form, catalog, dispatch }: StepProps) {
  const draft = form.values;
  const tier = draftTier(catalog, draft);
  const [change, setChange] = useState<string | null>(null);
  if (!tier) return null;
  const available = compatibleAddons(catalog.addons, tier.id, draft.kubernetesVersion);
  const unavailable = catalog.addons.filter((addon) => !available.includes(addon));
  const categories = [...new Set(available.map((addon) => addon.category))];

  const toggle = (addon: CatalogAddon, checked: boolean) => {
    const { before, after } = dispatch({ type: 'toggleAddon', addonId: addon.id, checked });
    form.clearFieldError('addonIds');
    if (checked) {
      const added = autoAddedAddons(before, after, addon.id);
      setChange(added.length > 0 ? `Added ${addon.name} and ${names(catalog, added)}, which ${addon.name} requires.` : `Added ${addon.name}.`);
    } else {
      const removed = alsoRemovedAddons(before, after, addon.id);
      setChange(removed.length > 0 ? `Removed ${addon.name} and ${names(catalog, removed)}, which required it.` : `Removed ${addon.name}.`);
    }
  };

  return (
    <Stack gap="lg" data-path="addonIds">
      <Text size="sm" c="dimmed">
        Add-ons are installed when the cluster is created and upgraded with it. You can add or remove them later from the cluster&apos;s page.
      </Text>
      <Text size="sm" role="status" aria-live="polite" data-testid="addon-change">
        {change}
      </Text>
      {form.errors.addonIds ? (
        <Alert color="red" variant="light" icon={<IconInfoCircle size={18} />}>
          {form.errors.addonIds}
        </Alert>
      ) : null}
      {categories.map((category) => (
        <Stack key={category} gap="xs" component="section" aria-labelledby={`addons-${category}`}>
          <Title order={3} size="h5" id={`addons-${category}`}>
            {categoryLabel(category)}
          </Title>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
            {available
              .filter((addon) => addon.category === category)
              .map((addon) => {
                const selected = draft.addonIds.includes(addon.id);
                const blocked = !selected && addonBlockedReason(catalog, { ...draft, tierId: tier.id }, addon) !== null;
                return (
                  <Checkbox.Card
                    key={addon.id}
                    checked={selected}
                    onChange={(checked) => !blocked && toggle(addon, checked)}
                    radius="md"
                    p="md"
                    aria-labelledby={`addon-${addon.id}-name`}
                    aria-describedby={`addon-${addon.id}-facts`}
                    aria-disabled={blocked || undefined}
                    data-testid="addon-option"
                    data-addon={addon.id}
                    style={blocked ? { opacity: 0.7, cursor: 'not-allowed' } : undefined}
                  >
                    <Group wrap="nowrap" align="flex-start" gap="sm">
                      <Checkbox.Indicator mt={4} disabled={blocked} />
                      <Stack gap={4} style={{ flexGrow: 1 }}>
                        <Group justify="space-between" gap="xs" wrap="wrap">
                          <Text fw={700} id={`addon-${addon.id}-name`}>
                            {addon.name}
                          </Text>
                          <ItemPrice monthlyCents={addon.monthlyPriceCents} yearlyCents={addon.yearlyPriceCents} size="sm" />
                        </Group>
                        <Stack gap={2} id={`addon-${addon.id}-facts`}>
                          <Text size="sm" c="dimmed">
                            {addon.description}
                          </Text>
                          <AddonNote note={addonNote(catalog, draft, addon)} blocked={blocked} />
                        </Stack>
                      </Stack>
                    </Group>
                  </Checkbox.Card>
                );
              })}
          </SimpleGrid>
        </Stack>
      ))}
      {unavailable.length > 0 ? (
        <Stack gap="xs" component="section" aria-labelledby="addons-unavailable">
          <Title order={3} size="h5" id="addons-unavailable">
            Not available for this cluster
          </Title>
          <Stack gap={4} component="ul" m={0} pl="md">
            {unavailable.map((addon) => (
              <Text key={addon.id} component="li" size="sm" c="dimmed">
                {addon.name}: {unavailableReason(addon, tier, draft.kubernetesVersion)}
              </Text>
            ))}
          </Stack>
        </Stack>
      ) : null}
    </Stack>
  );
}

function AddonNote({ note, blocked }: { note: string | undefined; blocked: boolean }) {
  if (!note) return null;
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      {blocked ? (
        <SoftBadge size="xs" color="orange" mt={2}>
          Unavailable
        </SoftBadge>
      ) : null}
      <Text size="xs" fw={500}>
        {note}
      </Text>
    </Group>
  );
}
