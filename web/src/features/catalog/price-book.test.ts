import { describe, expect, it } from 'vitest';
import { addonSupportsVersion, buildPriceBook, compareMinorVersions, compatibleAddons } from './price-book';
import { TEST_CATALOG, testAddon } from '../../testing/test-catalog';

describe('Kubernetes versions', () => {
  it('compares minors numerically', () => {
    expect(compareMinorVersions('1.100', '1.99')).toBeGreaterThan(0);
    expect(compareMinorVersions('v1.37.2', '1.37')).toBe(0);
    expect(compareMinorVersions('1.36', '1.37')).toBeLessThan(0);
  });

  it('reads an add-on’s inclusive bounds', () => {
    expect(addonSupportsVersion(testAddon('addon_istio'), '1.37')).toBe(true);
    expect(addonSupportsVersion(testAddon('addon_istio'), '1.38')).toBe(false);
    expect(addonSupportsVersion(testAddon('addon_kserve'), '1.35')).toBe(false);
    expect(addonSupportsVersion(testAddon('addon_kserve'), '1.36')).toBe(true);
    expect(addonSupportsVersion({ ...testAddon('addon_kserve'), kubernetesVersions: ['1.37'] }, '1.37.1')).toBe(true);
  });

  it('lists the add-ons a tier and version can run', () => {
    expect(compatibleAddons(TEST_CATALOG.addons, 'tier_sandbox', '1.37').map((entry) => entry.id)).toEqual([
      'addon_monitoring',
      'addon_logging',
      'addon_cert_manager',
    ]);
    expect(compatibleAddons(TEST_CATALOG.addons, 'tier_standard', '1.38').map((entry) => entry.id)).not.toContain('addon_istio');
  });
});

describe('buildPriceBook', () => {
  const book = buildPriceBook(TEST_CATALOG);

  it('gives the engine the versions of the catalogue an add-on supports', () => {
    const istio = book.addons.find((entry) => entry.id === 'addon_istio');
    expect(istio?.kubernetesVersions).toEqual(['1.37', '1.36']);
    expect(book.addons.find((entry) => entry.id === 'addon_monitoring')?.kubernetesVersions).toBeNull();
  });

  it('keeps the HA control plane price of optional tiers only', () => {
    expect(book.tiers.find((tier) => tier.id === 'tier_economy')?.haControlPlane).toEqual({ mode: 'optional', monthlyCents: 4_900, yearlyCents: 49_980 });
    expect(book.tiers.find((tier) => tier.id === 'tier_standard')?.haControlPlane.mode).toBe('included');
  });
});
