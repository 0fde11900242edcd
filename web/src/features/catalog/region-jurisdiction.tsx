import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import type { CatalogRegion } from './catalog-types';

type Jurisdiction = Pick<CatalogRegion, 'id' | 'country' | 'operator' | 'jurisdiction' | 'euOnlyAccess' | 'certifications'>;

/** "EU-only access": only people in the EU (support and operations included) can reach the region's data. */
export function EuOnlyBadge({ region }: { region: Pick<CatalogRegion, 'euOnlyAccess'> }) {
  if (!region.euOnlyAccess) return null;
  return (
    <Badge variant="light" color="blue" c="var(--mantine-color-text)" size="sm" leftSection={<IconShieldCheck size={12} aria-hidden />} title="Only people in the EU, our support and operations staff included, can reach your data here.">
      EU-only access
    </Badge>
  );
}

/**
 * Who runs a region and under which law (issue 34): its operator, country, law and certifications,
 * and the EU-only access badge where it holds. The configurator's region cards and the cluster page
 * show the same facts.
 */
export function RegionJurisdiction({ region, badge = true }: { region: Jurisdiction; badge?: boolean }) {
  return (
    <Stack gap={2} data-testid="region-jurisdiction">
      <Text size="xs">
        Operated by {region.operator || 'us'} in {region.country} · {region.jurisdiction || 'EU law'}
      </Text>
      {region.certifications.length > 0 || (badge && region.euOnlyAccess) ? (
        <Group gap={6} wrap="wrap">
          {region.certifications.length > 0 ? (
            <Text size="xs" c="dimmed">
              {region.certifications.join(' · ')}
            </Text>
          ) : null}
          {badge ? <EuOnlyBadge region={region} /> : null}
        </Group>
      ) : null}
    </Stack>
  );
}
