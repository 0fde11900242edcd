import { Badge, Group, Select, Stack, Text } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { useState } from 'react';
import { DetailsList } from '../../components/details-list';
import { ButtonLink } from '../../components/router-links';
import { addonVersionRange, categoryLabel, ItemPrice, MiddlewarePlansTable, SupportPlanFacts } from '../catalog';
import type { Catalog, CatalogAddon, CatalogMiddleware, CatalogSupportPlan } from '../catalog';
import { encodedEstimateFor, MARKET_KIND_LABELS } from './market-items';
import type { MarketItem } from './market-items';
import { Drawer } from '../../components/overlays';

interface ItemDetailProps {
  catalog: Catalog;
  item: MarketItem | null;
  /** The tier the list is filtered on, preselected for an add-on's order. */
  tierId: string | null;
  onClose: () => void;
}

/** A marketplace item's details and plans, in a drawer, each with a way to order it (through the estimator). */
export function ItemDetail({ catalog, item, tierId, onClose }: ItemDetailProps) {
  return (
    <Drawer
      opened={item !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={
        item ? (
          <Group gap="xs">
            <Text fw={700} size="lg" component="span">
              {item.name}
            </Text>
            <Badge variant="light">{MARKET_KIND_LABELS[item.kind]}</Badge>
          </Group>
        ) : null
      }
      closeButtonProps={{ 'aria-label': 'Close details' }}
      data-testid="market-item-detail"
    >
      {item?.kind === 'addon' ? <AddonDetail catalog={catalog} addon={item.addon} tierId={tierId} /> : null}
      {item?.kind === 'middleware' ? <MiddlewareDetail catalog={catalog} middleware={item.middleware} /> : null}
      {item?.kind === 'support' ? <SupportDetail catalog={catalog} plan={item.plan} /> : null}
    </Drawer>
  );
}

function names(catalog: Catalog, ids: readonly string[], from: 'addons' | 'tiers' | 'regions'): string {
  if (ids.length === 0) return 'None';
  const list: readonly { id: string; name: string }[] = catalog[from];
  return ids.map((id) => list.find((entry) => entry.id === id)?.name ?? id).join(', ');
}

function AddonDetail({ catalog, addon, tierId }: { catalog: Catalog; addon: CatalogAddon; tierId: string | null }) {
  const compatible = catalog.tiers.filter((tier) => addon.compatibleTierIds.includes(tier.id));
  const [orderTier, setOrderTier] = useState<string | null>(
    tierId && addon.compatibleTierIds.includes(tierId) ? tierId : (compatible[0]?.id ?? null),
  );
  return (
    <Stack gap="lg">
      <Text size="sm">{addon.description}</Text>
      <DetailsList
        details={[
          { label: 'Category', value: categoryLabel(addon.category) },
          { label: 'Version installed', value: addon.version },
          { label: 'Kubernetes versions', value: addonVersionRange(addon) },
          { label: 'Price', value: <ItemPrice monthlyCents={addon.monthlyPriceCents} yearlyCents={addon.yearlyPriceCents} unit="per cluster" size="sm" /> },
          { label: 'Compatible tiers', value: names(catalog, addon.compatibleTierIds, 'tiers') },
          { label: 'Requires', value: names(catalog, addon.requires, 'addons') },
          { label: 'Cannot run with', value: names(catalog, addon.conflicts, 'addons') },
        ]}
      />
      <Stack gap="xs">
        <Select
          label="Estimate it on a new cluster of tier"
          data={compatible.map((tier) => ({ value: tier.id, label: tier.name }))}
          value={orderTier}
          allowDeselect={false}
          onChange={setOrderTier}
        />
        <ButtonLink
          to="/price-estimator"
          search={{ estimate: encodedEstimateFor(catalog, { kind: 'addon', addonId: addon.id, tierId: orderTier }) }}
          leftSection={<IconShoppingCart size={16} />}
          data-testid="market-order"
        >
          Order
        </ButtonLink>
        <Text size="xs" c="dimmed">
          Opens the price estimator with a cluster running this add-on; you order from there.
        </Text>
      </Stack>
    </Stack>
  );
}

function MiddlewareDetail({ catalog, middleware }: { catalog: Catalog; middleware: CatalogMiddleware }) {
  return (
    <Stack gap="lg">
      <Text size="sm">{middleware.description}</Text>
      <DetailsList
        details={[
          { label: 'Category', value: categoryLabel(middleware.category) },
          { label: 'Versions', value: middleware.versions.length > 0 ? middleware.versions.join(', ') : 'Managed for you' },
          { label: 'Regions', value: names(catalog, middleware.regionIds, 'regions') },
        ]}
      />
      <MiddlewarePlansTable
        middleware={middleware}
        orderButton={(plan) => (
          <ButtonLink
            to="/price-estimator"
            search={{ estimate: encodedEstimateFor(catalog, { kind: 'middleware', planId: plan.id }) }}
            size="xs"
            variant="light"
            aria-label={`Order ${middleware.name} ${plan.name}`}
            data-testid="market-order"
          >
            Order
          </ButtonLink>
        )}
        rowProps={() => ({ 'data-testid': 'market-plan' })}
        minWidth={520}
      />
      <Text size="xs" c="dimmed">
        Order opens the price estimator with this plan; you order from there.
      </Text>
    </Stack>
  );
}

function SupportDetail({ catalog, plan }: { catalog: Catalog; plan: CatalogSupportPlan }) {
  return (
    <Stack gap="lg">
      <Text size="sm">{plan.description}</Text>
      <SupportPlanFacts plan={plan} />
      <ButtonLink
        to="/price-estimator"
        search={{ estimate: encodedEstimateFor(catalog, { kind: 'support', planId: plan.id }) }}
        leftSection={<IconShoppingCart size={16} />}
        data-testid="market-order"
      >
        Order
      </ButtonLink>
    </Stack>
  );
}
