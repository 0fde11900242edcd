import { describe, expect, it } from 'vitest';
import { applyDraftAction, emptyDraft } from './draft';
import type { ClusterDraft } from './draft';
import { orderFailure, orderFingerprint, orderRequest } from './order-input';
import { TEST_CATALOG } from '../../testing/test-catalog';

function standardDraft(): ClusterDraft & { tierId: string } {
  const draft = applyDraftAction(TEST_CATALOG, emptyDraft('draft-key-0001'), { type: 'chooseTier', tierId: 'tier_standard' });
  return {
    ...draft,
    tierId: 'tier_standard',
    name: 'prod-eu',
    pools: [
      { ...draft.pools[0]!, name: 'web', labels: [{ key: 'team', value: 'web' }, { key: 'tier', value: 'front' }] },
      { ...draft.pools[0]!, name: 'batch' },
    ],
    promotionCode: ' PARIS ',
    countryCode: 'DE',
    vatNumber: ' DE123456789 ',
    isBusiness: true,
    billing: { companyName: 'Acme GmbH ', addressLine1: 'Hauptstraße 1', addressLine2: '', postalCode: '10115', city: 'Berlin' },
  };
}

describe('the order request', () => {
  it("carries the draft's idempotency key, its cluster line, the cycle and the promotion code", () => {
    const request = orderRequest(standardDraft(), 'yearly');
    expect(request).toMatchObject({ idempotencyKey: 'draft-key-0001', cycle: 'yearly', promotionCode: 'PARIS' });
    expect(request.lines).toHaveLength(1);
    expect(request.lines[0]).toMatchObject({ kind: 'cluster', name: 'prod-eu', tierId: 'tier_standard' });
    expect(orderRequest({ ...standardDraft(), promotionCode: '' }, 'monthly').promotionCode).toBeNull();
  });

  it('bills the details of the review, with the country and VAT number the price panel priced', () => {
    expect(orderRequest(standardDraft(), 'monthly').billing).toEqual({
      companyName: 'Acme GmbH',
      countryCode: 'DE',
      vatNumber: 'DE123456789',
      addressLine1: 'Hauptstraße 1',
      addressLine2: null,
      postalCode: '10115',
      city: 'Berlin',
    });
    expect(orderRequest({ ...standardDraft(), vatNumber: '' }, 'monthly').billing.vatNumber).toBeNull();
  });

  it('has the same fingerprint for the same order whatever its key, and another for another order', () => {
    const draft = standardDraft();
    expect(orderFingerprint(orderRequest(draft, 'monthly'))).toBe(orderFingerprint(orderRequest(draft, 'monthly', 'another-key-0002')));
    expect(orderFingerprint(orderRequest(draft, 'monthly'))).not.toBe(orderFingerprint(orderRequest(draft, 'yearly')));
    expect(orderFingerprint(orderRequest(draft, 'monthly'))).not.toBe(orderFingerprint(orderRequest({ ...draft, name: 'prod-eu-2' }, 'monthly')));
  });
});

describe("the server's refusals", () => {
  it('puts field messages next to their fields and names the first step to correct', () => {
    const failure = orderFailure(
      'lines.0.networking.serviceCidr: The service network 10.96.0.0/12 overlaps the pod network 10.96.0.0/16; choose ranges that do not overlap.; lines.0.name: The cluster name is required.',
      standardDraft(),
    );
    // "; " inside a message is not a separator when the parts are not all "field: message".
    expect(failure.general).toBeNull();
    expect(failure.step).toBe('network');
    expect(failure.fieldErrors).toEqual({
      'networking.serviceCidr': 'The service network 10.96.0.0/12 overlaps the pod network 10.96.0.0/16; choose ranges that do not overlap.',
      name: 'The cluster name is required.',
    });
  });

  it('finds node pool fields, labels by their key and taints by their row', () => {
    const failure = orderFailure(
      'lines.0.nodePools.1.name: Two node pools are named "web"; give each its own name.; lines.0.nodePools.0.labels.tier: "tier" uses a prefix Kubernetes reserves for itself.; lines.0.nodePools.1.taints.0.effect: A taint\'s effect is NoSchedule, PreferNoSchedule, NoExecute.',
      standardDraft(),
    );
    expect(failure.step).toBe('pools');
    expect(failure.fieldErrors).toEqual({
      'pools.1.name': 'Two node pools are named "web"; give each its own name.',
      'pools.0.labels.1.key': '"tier" uses a prefix Kubernetes reserves for itself.',
      'pools.1.taints.0.effect': "A taint's effect is NoSchedule, PreferNoSchedule, NoExecute.",
    });
  });

  it("sends the engine's catalogue refusals to the step they concern", () => {
    const draft = standardDraft();
    expect(orderFailure('Order line 1: Standard (Blue) clusters have at most 50 nodes; this configuration has 51.', draft)).toEqual({
      step: 'pools',
      fieldErrors: { pools: 'Standard (Blue) clusters have at most 50 nodes; this configuration has 51.' },
      general: null,
    });
    expect(orderFailure('Order line 1: The Grafana Loki add-on requires the Prometheus and Grafana add-on.', draft).step).toBe('addons');
    expect(orderFailure('Order line 1: Dev/Test (Orange) clusters do not offer a high-availability control plane.', draft).step).toBe('network');
    expect(orderFailure('Order line 1: Kubernetes 1.20 is not offered for new clusters; choose 1.38, 1.37, 1.36 or 1.35.', draft).step).toBe('version');
    expect(orderFailure('Order line 1: The Economy (Green) tier is not offered in the es-mad-1 region.', draft).step).toBe('location');
  });

  it('puts billing messages on the billing fields of the review', () => {
    expect(orderFailure('billing.postalCode: The postcode uses letters, digits, spaces and hyphens.; billing.vatNumber: A VAT number of DE starts with DE.', standardDraft())).toEqual({
      step: 'review',
      fieldErrors: { 'billing.postalCode': 'The postcode uses letters, digits, spaces and hyphens.', vatNumber: 'A VAT number of DE starts with DE.' },
      general: null,
    });
  });

  it('keeps what concerns no step for the review', () => {
    expect(orderFailure('Your organisation is awaiting approval: you can order once our team has approved it.', standardDraft())).toEqual({
      step: 'review',
      fieldErrors: {},
      general: 'Your organisation is awaiting approval: you can order once our team has approved it.',
    });
    expect(orderFailure('promotionCode: A promotion code is at most 32 characters.', standardDraft())).toMatchObject({ step: 'review', general: 'promotionCode: A promotion code is at most 32 characters.' });
  });
});
