import { Affix, Button, Card, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { MOBILE_BREAKPOINT_PX } from '@kubemarket/shared';
import type { BillingCycle } from '@kubemarket/shared';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconReceipt } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { periodLabel } from '../catalog';
import { EstimateSummary } from '../catalog-browse';
import type { Estimate } from '../catalog-browse';
import { BillingCycleControl, CurrencyControl } from '../preferences';
import { useBelowHeader } from '../../lib/header-offset';
import { RatesNotice, useDisplayPrice } from '../currency';
import { draftEstimate } from './draft';
import type { ClusterDraft } from './draft';
import type { DraftPricing } from './use-draft-pricing';
import { Drawer } from '../../components/overlays';

/** What the panel's own fields change: the promotion code and who buys (for the VAT). */
export type PricingChoices = Pick<ClusterDraft, 'promotionCode' | 'countryCode' | 'isBusiness' | 'vatNumber'>;

interface PricePanelProps {
  draft: ClusterDraft;
  pricing: DraftPricing;
  cycle: BillingCycle;
  onChange: (changes: Partial<PricingChoices>) => void;
  /** Under the price: the configuration's estimated footprint. */
  footprint?: ReactNode;
}

/** Above the mobile breakpoint of docs/product/constants.md#layout-and-images the panel sits beside the steps. */
export const DESKTOP_QUERY = `(min-width: ${MOBILE_BREAKPOINT_PX + 1}px)`;

function choicesOf(changes: Partial<Estimate>): Partial<PricingChoices> {
  const choices: Partial<PricingChoices> = {};
  if (changes.promotionCode !== undefined) choices.promotionCode = changes.promotionCode;
  if (changes.countryCode !== undefined) choices.countryCode = changes.countryCode;
  if (changes.isBusiness !== undefined) choices.isBusiness = changes.isBusiness;
  if (changes.vatNumber !== undefined) choices.vatNumber = changes.vatNumber;
  return choices;
}

/**
 * The live price of the configuration on every step: the estimator's summary (each line, the
 * promotion, the VAT, the server's confirmation) in a sticky aside on desktop; on smaller screens a
 * bar with the total that opens the same summary in a drawer.
 */
export function PricePanel({ draft, pricing, cycle, onChange, footprint }: PricePanelProps) {
  const belowHeader = useBelowHeader<HTMLDivElement>();
  const desktop = useMediaQuery(DESKTOP_QUERY, true, { getInitialValueInEffect: false });
  const [opened, setOpened] = useState(false);
  const summary = (
    <Stack gap="md">
      <Stack gap="xs">
        <Group gap="sm" wrap="wrap">
          <CurrencyControl size="xs" />
          <BillingCycleControl size="xs" />
        </Group>
        <RatesNotice />
      </Stack>
      {draft.tierId === null ? (
        <Card withBorder radius="md" padding="lg" data-testid="price-empty">
          <Text size="sm" c="dimmed">
            Choose a tier to see the price of your cluster, line by line, as you configure it.
          </Text>
        </Card>
      ) : (
        <EstimateSummary
          client={pricing.client}
          server={pricing.server}
          cycle={cycle}
          estimate={draftEstimate(draft)}
          onChange={(changes) => onChange(choicesOf(changes))}
          actions={
            <Text size="xs" c="dimmed">
              The promotion code is checked again at checkout, where you can also enter it.
            </Text>
          }
        />
      )}
      {footprint}
    </Stack>
  );

  if (desktop) {
    return (
      <div data-testid="price-panel">
        <div ref={belowHeader} style={{ position: 'sticky', top: 'calc(var(--app-shell-header-offset, 60px) + var(--mantine-spacing-md))' }}>
          {summary}
        </div>
      </div>
    );
  }
  return (
    <>
      <MobilePriceBar pricing={pricing} cycle={cycle} onOpen={() => setOpened(true)} />
      <Drawer opened={opened} onClose={() => setOpened(false)} position="bottom" size="90%" title="Price of your cluster" data-testid="price-drawer">
        {summary}
      </Drawer>
    </>
  );
}

/** The total at the bottom of small screens; the floating menu button keeps the right-hand corner. */
function MobilePriceBar({ pricing, cycle, onOpen }: { pricing: DraftPricing; cycle: BillingCycle; onOpen: () => void }) {
  const { format, ready } = useDisplayPrice();
  const total = pricing.shown && ready ? format(pricing.shown.totalCents) : null;
  // Read out once the figure settles, not at every keystroke of a node count.
  const [announced] = useDebouncedValue(total ? `Total ${total} ${cycle === 'monthly' ? 'a month' : 'a year'}, VAT included.` : '', 800);
  return (
    <Affix position={{ bottom: 12, left: 12, right: 84 }} zIndex={150}>
      <Paper withBorder shadow="md" radius="md" p="xs" data-testid="price-bar">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Text size="sm" fw={700} style={{ minWidth: 0 }}>
            {total ? `${total} ${periodLabel(cycle)}` : 'Choose a tier to see the price'}
          </Text>
          <Button size="compact-sm" variant="light" leftSection={<IconReceipt size={16} />} onClick={onOpen} disabled={!pricing.shown} style={{ flexShrink: 0 }}>
            Price details
          </Button>
        </Group>
        <VisuallyHidden aria-live="polite" aria-atomic="true">
          {announced}
        </VisuallyHidden>
      </Paper>
    </Affix>
  );
}
