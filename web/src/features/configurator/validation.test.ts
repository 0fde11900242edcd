import { describe, expect, it } from 'vitest';
import { NOT_EU_ONLY_REASON } from '@kubemarket/shared';
import { applyDraftAction, emptyDraft } from './draft';
import type { ClusterDraft, DraftAction } from './draft';
import { TEST_CATALOG } from '../../testing/test-catalog';
import { draftProblems, firstInvalidStep, validateStep } from './validation';

function draftOf(tierId: string, ...actions: DraftAction[]): ClusterDraft {
  const start = applyDraftAction(TEST_CATALOG, emptyDraft('draft-key-0001'), { type: 'chooseTier', tierId });
  return {
    ...actions.reduce((draft, action) => applyDraftAction(TEST_CATALOG, draft, action), start),
    name: 'prod-eu',
    billing: { companyName: 'Acme Industries', addressLine1: '1 rue de la Paix', addressLine2: '', postalCode: '75002', city: 'Paris' },
  };
}

describe('validating the steps', () => {
  it('asks for a tier first', () => {
    expect(validateStep('tier', emptyDraft(), TEST_CATALOG)).toEqual({ tierId: 'Choose a cluster tier to continue.' });
    expect(firstInvalidStep(emptyDraft(), TEST_CATALOG)?.step).toBe('tier');
  });

  it('accepts a complete draft', () => {
    const draft = draftOf('tier_standard');
    expect(firstInvalidStep(draft, TEST_CATALOG)).toBeNull();
  });

  it('refuses a region without EU-only access once the organisation restricted itself to EU-only regions (a kept draft), at its step', () => {
    const warsaw = draftOf('tier_economy', { type: 'setRegion', regionId: 'pl-waw-1' });
    expect(warsaw.regionId).toBe('pl-waw-1');
    expect(firstInvalidStep(warsaw, TEST_CATALOG)).toBeNull();
    expect(firstInvalidStep(warsaw, TEST_CATALOG, { euOnlyRegions: false })).toBeNull();
    expect(firstInvalidStep(warsaw, TEST_CATALOG, { euOnlyRegions: true })).toEqual({ step: 'location', errors: { regionId: NOT_EU_ONLY_REASON } });
    // Paris has EU-only access: the restriction changes nothing for it.
    expect(firstInvalidStep(draftOf('tier_standard'), TEST_CATALOG, { euOnlyRegions: true })).toBeNull();
  });

  it('needs at least one zone of a region that has zones', () => {
    const draft = { ...draftOf('tier_standard'), zones: [] };
    expect(validateStep('location', draft, TEST_CATALOG)).toEqual({ zones: 'Choose at least one zone for your nodes.' });
  });

  it("puts the server's messages on node pool fields: names Kubernetes accepts, unique names, labels and taints", () => {
    const base = draftOf('tier_standard', { type: 'addPool' });
    const draft: ClusterDraft = {
      ...base,
      pools: [
        { ...base.pools[0]!, name: 'Web_1', labels: [{ key: 'team', value: 'web' }, { key: 'kubernetes.io/role', value: 'x' }, { key: 'team', value: 'api' }, { key: 'tier', value: 'not valid!' }] },
        { ...base.pools[1]!, name: 'pool-2', taints: [{ key: '', value: 'gpu', effect: 'NoSchedule' }] },
      ],
    };
    const errors = validateStep('pools', draft, TEST_CATALOG);
    expect(errors['pools.0.name']).toMatch(/^A node pool name uses lower-case letters, digits and hyphens/);
    expect(errors['pools.0.labels.1.key']).toBe('"kubernetes.io/role" uses a prefix Kubernetes reserves for itself.');
    expect(errors['pools.0.labels.2.key']).toBe('The key "team" is used twice in this pool; give each label its own key.');
    expect(errors['pools.0.labels.3.value']).toMatch(/^Values are at most 63 letters/);
    expect(errors['pools.0.labels.0.key']).toBeUndefined();
    expect(errors['pools.1.taints.0.key']).toBe('Keys cannot be empty.');

    const twins = { ...base, pools: base.pools.map((pool) => ({ ...pool, name: 'web' })) };
    expect(validateStep('pools', twins, TEST_CATALOG)['pools.1.name']).toBe('Two node pools are named "web"; give each its own name.');
  });

  it('refuses a pool of 0 or −3 nodes and an autoscaling minimum above its maximum, under the fields typed (issue 31)', () => {
    const base = draftOf('tier_standard', { type: 'addPool' });
    const draft: ClusterDraft = {
      ...base,
      pools: [
        { ...base.pools[0]!, count: -3 },
        { ...base.pools[1]!, count: 5, autoscale: { min: 5, max: 2 } },
      ],
    };
    expect(validateStep('pools', draft, TEST_CATALOG)).toEqual({
      'pools.0.count': 'The node count must be at least 1.',
      'pools.1.autoscale.max': 'The autoscaling maximum must be at least the minimum.',
    });
    const empty: ClusterDraft = { ...base, pools: [{ ...base.pools[0]!, count: 0 }, base.pools[1]!] };
    expect(validateStep('pools', empty, TEST_CATALOG)).toEqual({ 'pools.0.count': 'The node count must be at least 1.' });
  });

  it("applies the tier's node limit through the pricing engine", () => {
    const base = draftOf('tier_economy');
    const draft = { ...base, pools: [{ ...base.pools[0]!, count: 11 }] };
    expect(validateStep('pools', draft, TEST_CATALOG)).toEqual({ pools: 'Economy (Green) clusters have at most 10 nodes; this configuration has 11.' });
  });

  it('refuses overlapping pod and service networks, networks that are not private, and malformed allow-list entries', () => {
    const base = draftOf('tier_standard');
    const overlap = validateStep('network', { ...base, networking: { ...base.networking, podCidr: '10.96.0.0/16', serviceCidr: '10.96.0.0/12' } }, TEST_CATALOG);
    expect(overlap).toEqual({ 'networking.serviceCidr': 'The service network 10.96.0.0/12 overlaps the pod network 10.96.0.0/16; choose ranges that do not overlap.' });
    const publicRange = validateStep('network', { ...base, networking: { ...base.networking, podCidr: '8.8.0.0/16' } }, TEST_CATALOG);
    expect(publicRange['networking.podCidr']).toMatch(/must be a private range/);
    const allowList = validateStep('network', { ...base, networking: { ...base.networking, apiAllowList: ['203.0.113.0/24', 'my office'] } }, TEST_CATALOG);
    expect(Object.keys(allowList)).toEqual(['networking.apiAllowList.1']);
  });

  it('names the cluster as Kubernetes names resources', () => {
    expect(validateStep('review', { ...draftOf('tier_standard'), name: '' }, TEST_CATALOG)).toEqual({ name: 'The cluster name is required.' });
    expect(validateStep('review', { ...draftOf('tier_standard'), name: '1-cluster' }, TEST_CATALOG).name).toMatch(/^The cluster name uses lower-case letters/);
  });

  it("asks for the billing details, in the server's words, with the VAT number matching the country", () => {
    const base = draftOf('tier_standard');
    const blank = { ...base, billing: { companyName: '', addressLine1: '', addressLine2: '', postalCode: '', city: '' } };
    expect(validateStep('review', blank, TEST_CATALOG)).toEqual({
      'billing.companyName': 'The company name is required.',
      'billing.addressLine1': 'The address is required.',
      'billing.postalCode': 'The postcode is required.',
      'billing.city': 'The city is required.',
    });
    expect(validateStep('review', { ...base, countryCode: 'DE', vatNumber: 'FR12345678901', isBusiness: true }, TEST_CATALOG)).toEqual({
      vatNumber: 'A VAT number of DE starts with DE.',
    });
  });

  it('reports problems by step, the first step first', () => {
    const base = draftOf('tier_standard');
    const draft = { ...base, name: '', networking: { ...base.networking, serviceCidr: 'nope' } };
    const problems = draftProblems(draft, TEST_CATALOG);
    expect(Object.keys(problems.network)).toEqual(['networking.serviceCidr']);
    expect(Object.keys(problems.review)).toEqual(['name']);
    expect(firstInvalidStep(draft, TEST_CATALOG)?.step).toBe('network');
  });
});
