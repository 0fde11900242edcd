import { Checkbox, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { CatalogRegion } from '../catalog';
import { draftRegions, regionZones } from './draft';
import { ChoiceCard, StepChoices } from './choice-card';
import type { StepProps } from './draft-form';
import { SoftBadge } from './soft-badge';

const STATUS_LABELS: Record<string, { label: string; color: string }> = {
  operational: { label: 'Operational', color: 'teal' },
  maintenance: { label: 'Under maintenance', color: 'orange' },
  planned: { label: 'Opening soon', color: 'gray' },
};

function RegionStatus({ region }: { region: CatalogRegion }) {
  const status = STATUS_LABELS[region.status] ?? { label: region.status, color: 'gray' };
  return (
    <SoftBadge color={status.color} size="sm">
      {status.label}
    </SoftBadge>
  );
}

/** "fr-par-1a" → "Zone A (fr-par-1a)". */
export function zoneLabel(regionId: string, zone: string): string {
  const suffix = zone.startsWith(regionId) ? zone.slice(regionId.length) : '';
  return suffix ? `Zone ${suffix.toUpperCase()} (${zone})` : zone;
}

/** Step 2: the region of the tier, and the zones of the region the nodes are spread over. */
export function LocationStep({ form, catalog, dispatch }: StepProps) {
  const draft = form.values;
  const regions = draftRegions(catalog, draft);
  const zones = regionZones(catalog, draft.regionId);
  return (
    <Stack gap="lg">
      <StepChoices
        form={form}
        field="regionId"
        label="Region"
        description="Every region is in the EU and operated by us; data stays in the region you choose."
        onChoose={(regionId) => dispatch({ type: 'setRegion', regionId })}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="sm">
          {regions.map((region) => (
            <ChoiceCard
              key={region.id}
              value={region.id}
              id={`region-${region.id}`}
              title={`${region.name} (${region.id})`}
              badges={<RegionStatus region={region} />}
              testId="region-option"
            >
              <Stack gap={2} id={`region-${region.id}-facts`}>
                <Text size="sm">
                  {region.city}, {region.country} · {region.zones.length > 0 ? `${region.zones.length} availability zones` : 'one availability zone'}
                </Text>
                {region.certifications.length > 0 ? (
                  <Text size="xs" c="dimmed">
                    {region.certifications.join(' · ')}
                  </Text>
                ) : null}
              </Stack>
            </ChoiceCard>
          ))}
        </SimpleGrid>
      </StepChoices>

      {draft.regionId !== '' ? (
        zones.length > 0 ? (
          <Checkbox.Group
            label="Availability zones"
            description="Nodes are spread evenly over the zones you choose, so that a zone outage leaves the others running. Choose all of them for production."
            value={draft.zones}
            onChange={(value) => {
              dispatch({ type: 'setZones', zones: value });
              form.clearFieldError('zones');
            }}
            error={form.errors.zones}
            data-path="zones"
          >
            <Group gap="lg" mt="xs">
              {zones.map((zone) => (
                <Checkbox key={zone} value={zone} label={zoneLabel(draft.regionId, zone)} />
              ))}
            </Group>
          </Checkbox.Group>
        ) : (
          <Text size="sm" c="dimmed">
            This region has a single availability zone: every node runs there.
          </Text>
        )
      ) : null}
    </Stack>
  );
}
