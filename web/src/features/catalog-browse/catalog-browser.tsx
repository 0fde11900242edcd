import { Badge, Button, Card, Group, Select, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { CatalogError, categoryLabel, ItemPrice, MiddlewareFromPrice, SupportPlanPrice } from '../catalog';
import type { Catalog, CatalogQuery } from '../catalog';
import { ItemDetail } from './item-detail';
import { filterMarketItems, MARKET_KIND_LABELS, marketItems, NO_FILTERS } from './market-items';
import type { MarketFilters, MarketItem, MarketKind } from './market-items';

interface CatalogBrowserProps {
  catalogQuery: CatalogQuery;
  /** The kinds listed; one kind hides the kind filter. */
  kinds: readonly MarketKind[];
  /** Heading of the list, for its landmark. */
  title: string;
  headingLevel?: 2 | 3;
}

const GRID = { base: 1, sm: 2, xl: 3 } as const;

/** Searchable, filterable catalogue items with their prices; each opens a detail with an order button. */
export function CatalogBrowser({ catalogQuery, kinds, title, headingLevel = 2 }: CatalogBrowserProps) {
  const { catalog, error } = catalogQuery;
  const titleId = `catalog-browser-${kinds.join('-')}-title`;

  return (
    <Stack gap="md" component="section" aria-labelledby={titleId}>
      <Title order={headingLevel} size="h3" id={titleId}>
        {title}
      </Title>
      {error ? (
        <CatalogError query={catalogQuery} />
      ) : !catalog ? (
        <SimpleGrid cols={GRID} spacing="lg" aria-busy="true" aria-label="Loading the catalogue">
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} height={180} radius="md" />
          ))}
        </SimpleGrid>
      ) : (
        <LoadedBrowser catalog={catalog} kinds={kinds} />
      )}
    </Stack>
  );
}

function LoadedBrowser({ catalog, kinds }: { catalog: Catalog; kinds: readonly MarketKind[] }) {
  const items = useMemo(() => marketItems(catalog).filter((item) => kinds.includes(item.kind)), [catalog, kinds]);
  const [filters, setFilters] = useState<MarketFilters>(NO_FILTERS);
  const [openKey, setOpenKey] = useState<string | null>(null);
  const shown = useMemo(() => filterMarketItems(items, filters), [items, filters]);
  const set = (changes: Partial<MarketFilters>) => setFilters((previous) => ({ ...previous, ...changes }));
  /** A clearable select bound to one of the filters: cleared, it filters nothing out. */
  const filterOf = (field: 'category' | 'tierId' | 'regionId') => ({
    value: filters[field],
    clearable: true,
    onChange: (value: string | null) => set({ [field]: value }),
  });
  const filtered = filters !== NO_FILTERS && JSON.stringify(filters) !== JSON.stringify(NO_FILTERS);

  const categories = useMemo(() => {
    const inKind = items.filter((item) => !filters.kind || item.kind === filters.kind);
    const byKind = new Map<MarketKind, Set<string>>();
    for (const item of inKind) {
      const set = byKind.get(item.kind) ?? new Set<string>();
      set.add(item.category);
      byKind.set(item.kind, set);
    }
    return [...byKind].map(([kind, values]) => ({
      group: `${MARKET_KIND_LABELS[kind]}s`,
      items: [...values].map((value) => ({ value, label: categoryLabel(value) })),
    }));
  }, [items, filters.kind]);
  const open = items.find((item) => item.key === openKey) ?? null;

  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="md" component="form" role="search" aria-label="Filter the catalogue" onSubmit={(event) => event.preventDefault()}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: kinds.length > 1 ? 5 : 4 }} spacing="sm">
          <TextInput
            label="Search"
            placeholder="Name, software or feature"
            leftSection={<IconSearch size={16} />}
            value={filters.search}
            onChange={(event) => set({ search: event.currentTarget.value })}
            data-testid="market-search"
          />
          {kinds.length > 1 ? (
            <Select
              label="Type"
              placeholder="All types"
              data={kinds.map((kind) => ({ value: kind, label: `${MARKET_KIND_LABELS[kind]}s` }))}
              value={filters.kind}
              clearable
              onChange={(value) => set({ kind: kinds.find((kind) => kind === value) ?? null, category: null })}
              data-testid="market-kind"
            />
          ) : null}
          <Select label="Category" placeholder="All categories" data={categories} {...filterOf('category')} data-testid="market-category" />
          <Select label="Compatible tier" placeholder="Any tier" data={catalog.tiers.map((tier) => ({ value: tier.id, label: tier.name }))} {...filterOf('tierId')} data-testid="market-tier" />
          <Select
            label="Region"
            placeholder="Any region"
            data={catalog.regions.filter((region) => region.status !== 'planned').map((region) => ({ value: region.id, label: `${region.name} (${region.id})` }))}
            {...filterOf('regionId')}
            data-testid="market-region"
          />
        </SimpleGrid>
        {kinds.length > 1 ? (
          <Text size="xs" c="dimmed" mt="xs">
            Middlewares and support plans work with clusters of every tier; the tier filter narrows add-ons.
          </Text>
        ) : null}
      </Card>

      <Group justify="space-between">
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="market-count">
          {shown.length === items.length ? `${items.length} items` : `${shown.length} of ${items.length} items`}
        </Text>
        {filtered ? (
          <Button variant="subtle" size="compact-sm" onClick={() => setFilters(NO_FILTERS)}>
            Clear filters
          </Button>
        ) : null}
      </Group>

      {shown.length === 0 ? (
        <Card withBorder radius="md" padding="xl">
          <Stack align="center" gap="xs">
            <Text fw={600}>Nothing matches these filters</Text>
            <Text size="sm" c="dimmed">
              Try other words, or clear the filters to see the whole catalogue.
            </Text>
            <Button variant="default" size="xs" onClick={() => setFilters(NO_FILTERS)}>
              Clear filters
            </Button>
          </Stack>
        </Card>
      ) : (
        <SimpleGrid cols={GRID} spacing="lg" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {shown.map((item) => (
            <li key={item.key}>
              <ItemCard item={item} onOpen={() => setOpenKey(item.key)} />
            </li>
          ))}
        </SimpleGrid>
      )}

      <ItemDetail catalog={catalog} item={open} tierId={filters.tierId} onClose={() => setOpenKey(null)} />
    </Stack>
  );
}

function ItemCard({ item, onOpen }: { item: MarketItem; onOpen: () => void }) {
  const titleId = `market-item-${item.key.replace(/[^a-z0-9_-]/gi, '-')}`;
  return (
    <Card withBorder radius="md" padding="lg" h="100%" component="article" aria-labelledby={titleId} data-testid="market-item" data-kind={item.kind}>
      <Stack gap="sm" h="100%">
        <Group gap={6}>
          <Badge variant="light" color={item.kind === 'addon' ? 'blue' : item.kind === 'middleware' ? 'grape' : 'teal'}>
            {MARKET_KIND_LABELS[item.kind]}
          </Badge>
          {item.category !== 'support' ? (
            <Badge variant="outline" color="gray">
              {categoryLabel(item.category)}
            </Badge>
          ) : null}
        </Group>
        <Title order={3} size="h5" id={titleId}>
          {item.name}
        </Title>
        <Text size="sm" c="dimmed" lineClamp={3} style={{ flexGrow: 1 }}>
          {item.description}
        </Text>
        <ItemCardPrice item={item} />
        <Button variant="light" onClick={onOpen} aria-label={`Details and plans of ${item.name}`} data-testid="market-item-open">
          Details and plans
        </Button>
      </Stack>
    </Card>
  );
}

function ItemCardPrice({ item }: { item: MarketItem }) {
  if (item.kind === 'addon') {
    return <ItemPrice monthlyCents={item.addon.monthlyPriceCents} yearlyCents={item.addon.yearlyPriceCents} unit="per cluster" testId="market-item-price" />;
  }
  if (item.kind === 'support') return <SupportPlanPrice plan={item.plan} testId="market-item-price" />;
  return <MiddlewareFromPrice middleware={item.middleware} gap={4} testId="market-item-price" />;
}
