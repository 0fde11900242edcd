import { clusterLine } from '@kubemarket/shared/testing';
import { describe, expect, it } from 'vitest';
import { applyDraftAction, emptyDraft } from './draft';
import { TEST_CATALOG } from '../../testing/test-catalog';
import { clientQuote, draftQuoteRequest } from './use-draft-pricing';

const NOW = Date.UTC(2026, 10, 23);

function standard() {
  return applyDraftAction(TEST_CATALOG, emptyDraft('draft-key-0001'), { type: 'chooseTier', tierId: 'tier_standard' });
}

describe('the live price', () => {
  it('is nothing until a tier is chosen', () => {
    expect(clientQuote(TEST_CATALOG, emptyDraft(), 'monthly', NOW)).toEqual({ kind: 'empty' });
    expect(draftQuoteRequest(emptyDraft(), 'monthly')).toBeNull();
  });

  it("prices the cluster with the shared engine: control plane, each pool, each add-on, the promotion and the VAT", () => {
    const draft = { ...applyDraftAction(TEST_CATALOG, standard(), { type: 'toggleAddon', addonId: 'addon_logging', checked: true }), promotionCode: 'paris' };
    const result = clientQuote(TEST_CATALOG, draft, 'monthly', NOW);
    if (result.kind !== 'quote') throw new Error(JSON.stringify(result));
    const { quote } = result;
    expect(quote.lines).toHaveLength(1);
    // 289.00 control plane + 3 × 57.00 nodes + 39.00 + 49.00 add-ons.
    expect(quote.subtotalCents).toBe(28_900 + 3 * 5_700 + 3_900 + 4_900);
    expect(quote.discount?.code).toBe('PARIS');
    expect(quote.tax.amountCents).toBeGreaterThan(0);
    expect(quote.totalCents).toBe(quote.subtotalCents - (quote.discount?.amountCents ?? 0) + quote.tax.amountCents);
  });

  it("says why a configuration cannot be priced, in the engine's words", () => {
    const draft = standard();
    const tooBig = { ...draft, pools: [{ ...draft.pools[0]!, count: 51 }] };
    expect(clientQuote(TEST_CATALOG, tooBig, 'monthly', NOW)).toEqual({
      kind: 'error',
      message: 'Standard (Blue) clusters have at most 50 nodes; this configuration has 51.',
      lineIndex: 0,
    });
  });

  it('asks the server for the same cluster, cycle, promotion code and customer', () => {
    const draft = { ...standard(), promotionCode: ' PARIS ', countryCode: 'DE', isBusiness: true, vatNumber: 'DE123456789' };
    expect(draftQuoteRequest(draft, 'yearly')).toEqual({
      // The Standard tier's defaults: the shared test line (Paris, 1.37, HA, three 4 vCPU/16 GB nodes).
      lines: [clusterLine()],
      cycle: 'yearly',
      promotionCode: 'PARIS',
      customer: { countryCode: 'DE', vatNumber: 'DE123456789', isBusiness: true },
    });
  });
});
