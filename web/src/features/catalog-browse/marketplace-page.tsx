import { Container, Group, Stack, Text, Title } from '@mantine/core';
import { BillingCycleControl, CurrencyControl } from '../preferences';
import { CatalogBrowser } from './catalog-browser';
import { useCatalog } from '../catalog';
import type { MarketKind } from './market-items';

const ALL_KINDS: readonly MarketKind[] = ['addon', 'middleware', 'support'];

/** Add-ons, middlewares and support plans to browse, compare and order. */
export function MarketplacePage() {
  const catalogQuery = useCatalog();
  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
          <Stack gap={4} maw={720}>
            <Title order={1} data-testid="page-title">
              Marketplace
            </Title>
            <Text c="dimmed">
              Add-ons for your clusters, managed data services and support plans, operated by our engineers in EU data centres. Open an item to
              compare its plans and estimate it.
            </Text>
          </Stack>
          <Group gap="sm" wrap="wrap">
            <CurrencyControl size="xs" />
            <BillingCycleControl size="xs" />
          </Group>
        </Group>
        <CatalogBrowser catalogQuery={catalogQuery} kinds={ALL_KINDS} title="Catalogue" />
      </Stack>
    </Container>
  );
}
