import { describe, expect, it } from 'vitest';
import { addonCodec } from './addon-form-values';
import { flavorCodec } from './flavor-form-values';
import { middlewareCodec } from './middleware-form-values';
import { planCodec } from './plan-form-values';
import { promotionCodec } from './promotion-form-values';
import { supportPlanCodec } from './support-plan-form-values';
import { TEST_ADDON, TEST_FLAVOR, TEST_MIDDLEWARE, TEST_PLAN, TEST_PROMOTION, TEST_SUPPORT_PLAN, TEST_TIER, TEST_VERSION } from './test-items';
import { tierCodec } from './tier-form-values';
import { versionCodec } from './version-form-values';

/** A codec with its item type left open (methods compare their parameters loosely), for tables over every entity. */
interface AnyCodec {
  schema: { parse(values: unknown): unknown };
  valuesOf(item: unknown): unknown;
  updateInput(item: unknown, parsed: unknown): unknown;
  fieldOf(apiField: string): string | null;
}

describe('every catalogue form', () => {
  it.each<[string, AnyCodec, unknown, Record<string, unknown>, Record<string, unknown>]>([
    ['cluster tier', tierCodec, TEST_TIER, { name: 'Standard (Blue)', monthlyPrice: 289, yearlyPrice: 2_947.8, sla: 99.95, haMonthlyPrice: 49, haControlPlane: 'optional' }, { id: 'tier_standard' }],
    ['node flavour', flavorCodec, TEST_FLAVOR, { monthlyPrice: 49, hourlyPrice: 0.06712, gpuModel: '', gpuMemoryGb: '' }, { id: 'gp-4-16' }],
    ['add-on', addonCodec, TEST_ADDON, { monthlyPrice: 29, yearlyPrice: '', minKubernetesVersion: '1.33', maxKubernetesVersion: null }, { id: 'addon_monitoring' }],
    ['middleware', middlewareCodec, TEST_MIDDLEWARE, { versions: ['18', '17'] }, { id: 'mw_postgresql' }],
    ['middleware plan', planCodec, TEST_PLAN, { nodes: 1, monthlyPrice: 39, yearlyPrice: '' }, { id: 'mwp_postgresql_essential' }],
    ['Kubernetes version', versionCodec, TEST_VERSION, { endOfSupport: '2027-06-30' }, { version: '1.37' }],
    ['support plan', supportPlanCodec, TEST_SUPPORT_PLAN, { sharePercent: 7, minimumMonthly: 990, monthlyPrice: '', p1ResponseMinutes: 15 }, { id: 'support_enterprise' }],
    // To the minute: the stored start has seconds.
    ['promotion', promotionCodec, TEST_PROMOTION, { value: 5, validFrom: '2026-01-01T00:00', validUntil: '', appliesTo: [] }, { code: 'PARIS' }],
  ])('opens an edit of a %s with the item as it is, and saving it unchanged sends nothing to change', (_noun, codec, item, values, unchanged) => {
    const opened = codec.valuesOf(item);
    expect(opened).toMatchObject(values);
    expect(codec.updateInput(item, codec.schema.parse(opened))).toEqual(unchanged);
  });

  it.each<[AnyCodec, string, string | null]>([
    [tierCodec, 'monthlyPriceCents', 'monthlyPrice'],
    [tierCodec, 'slaBasisPoints', 'sla'],
    [tierCodec, 'priceEffectiveFrom', 'priceEffectiveDate'],
    [tierCodec, 'name', 'name'],
    [tierCodec, 'Tier', null],
    [flavorCodec, 'hourlyPriceMillicents', 'hourlyPrice'],
    [flavorCodec, 'gpuModel', 'gpuModel'],
    [addonCodec, 'monthlyPriceCents', 'monthlyPrice'],
    [addonCodec, 'id', 'id'],
    [addonCodec, 'requires', 'requires'],
    [versionCodec, 'endOfSupportAt', 'endOfSupport'],
    [supportPlanCodec, 'percentOfSpendBasisPoints', 'sharePercent'],
    [promotionCodec, 'minimumSubtotalCents', 'minimumSubtotal'],
    [middlewareCodec, 'regionIds', 'regionIds'],
  ])('puts the server field messages on the form fields (%#: %s)', (codec, apiField, formField) => {
    expect(codec.fieldOf(apiField)).toBe(formField);
  });
});
