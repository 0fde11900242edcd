import { formatKgCo2e, NOT_EU_ONLY_REASON, pueText } from '@kubemarket/shared';
import { Checkbox, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { RegionJurisdiction, type Catalog, type CatalogRegion } from '../catalog';
import { draftRegions, regionZones, type ClusterDraft } from './draft';
import { draftFootprint } from './footprint';
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

/** The footprint of the configuration in a region, beside its price (ADR 39): an estimate, with its figures. */
function RegionFootprint({ catalog, pools, region }: { catalog: Catalog; pools: ClusterDraft['pools']; region: CatalogRegion }) {
  const footprint = draftFootprint(catalog, pools, region);
  return (
    <Text size="xs" data-testid="region-footprint">
      {footprint ? (
        <>
          <Text span fw={600} size="xs">
            ≈ {formatKgCo2e(footprint.kgCo2e)} a month
          </Text>{' '}
          for this configuration · grid {region.gridGramsPerKwh} g/kWh ({region.gridYear}), PUE {pueText(region.pueMilli)}
        </>
      ) : (
        <>
          Grid {region.gridGramsPerKwh} g CO₂e/kWh ({region.gridYear}), PUE {pueText(region.pueMilli)}
        </>
      )}
    </Text>
  );
}

/** "fr-par-1a" → "Zone A (fr-par-1a)". */
export function zoneLabel(regionId: string, zone: string): string {
  const suffix = zone.startsWith(regionId) ? zone.slice(regionId.length) : '';
  return suffix ? `Zone ${suffix.toUpperCase()} (${zone})` : zone;
}

/**
 * Step 2: the region of the tier, and the zones of the region the nodes are spread over. Each
 * region says who runs it under which law and what the configuration would emit there; an
 * organisation restricted to EU-only regions sees the others disabled, with the reason.
 */
export function LocationStep({ form, catalog, dispatch }: StepProps) {
  const trpc = useTRPC();
  const euOnly = useQuery(trpc.team.regionPolicy.queryOptions()).data?.euOnlyRegions ?? false;
  const draft = form.values;
  const regions = draftRegions(catalog, draft);
  const zones = regionZones(catalog, draft.regionId);
  return (
    <Stack gap="lg">
      <StepChoices
        form={form}
        field="regionId"
        label="Region"
        description={
          euOnly
            ? 'Your organisation orders only in regions with EU-only access. Every region is in the EU; data stays in the region you choose.'
            : 'Every region is in the EU and operated by us; data stays in the region you choose. The footprint is an estimate for a month of this configuration.'
        }
        onChoose={(regionId) => dispatch({ type: 'setRegion', regionId })}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="sm">
          {regions.map((region) => {
            const refused = euOnly && !region.euOnlyAccess && region.id !== draft.regionId;
            return (
              <ChoiceCard
                key={region.id}
                value={region.id}
                id={`region-${region.id}`}
                title={`${region.name} (${region.id})`}
                badges={<RegionStatus region={region} />}
                testId="region-option"
                disabled={refused}
              >
                <Stack gap={4} id={`region-${region.id}-facts`}>
                  <Text size="sm">
                    {region.city}, {region.country} · {region.zones.length > 0 ? `${region.zones.length} availability zones` : 'one availability zone'}
                  </Text>
                  <RegionJurisdiction region={region} />
                  <RegionFootprint catalog={catalog} pools={draft.pools} region={region} />
                  {euOnly && !region.euOnlyAccess ? (
                    <Text size="xs" c="var(--mantine-color-error)" data-testid="region-refused">
                      {NOT_EU_ONLY_REASON}
                    </Text>
                  ) : null}
                </Stack>
              </ChoiceCard>
            );
          })}
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
