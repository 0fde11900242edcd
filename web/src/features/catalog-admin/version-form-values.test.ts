import { describe, expect, it } from 'vitest';
import { issuesOf, TEST_VERSION } from './test-items';
import { versionCodec, type VersionFormValues } from './version-form-values';

describe('Kubernetes version form values', () => {
  it('opens an edit with every field of the version as it is', () => {
    const values = versionCodec.valuesOf(TEST_VERSION);
    expect(values).toEqual({ version: '1.37', patch: 4, classification: 'supported', endOfSupport: '2027-06-30', isDefault: true, sortOrder: 1 });
  });

  it('keeps an end of support stored at another hour of the same day', () => {
    const stored = { ...TEST_VERSION, endOfSupportAt: Date.UTC(2027, 5, 30, 18) };
    expect(versionCodec.updateInput(stored, versionCodec.schema.parse(versionCodec.valuesOf(stored)))).toEqual({ version: '1.37' });
  });

  it('sends a new classification and end of support, or clears the end of support', () => {
    const values = { ...versionCodec.valuesOf(TEST_VERSION), isDefault: false, classification: 'deprecated' as const, endOfSupport: '2027-01-31' };
    expect(versionCodec.updateInput({ ...TEST_VERSION, isDefault: false }, versionCodec.schema.parse(values))).toEqual({
      version: '1.37',
      classification: 'deprecated',
      endOfSupportAt: Date.UTC(2027, 0, 31),
    });
    expect(versionCodec.updateInput(TEST_VERSION, versionCodec.schema.parse({ ...versionCodec.valuesOf(TEST_VERSION), endOfSupport: '' }))).toEqual({ version: '1.37', endOfSupportAt: null });
  });

  it('adds a version, and refuses a default that is not supported or a version that is not a minor', () => {
    expect(versionCodec.createInput(versionCodec.schema.parse({ ...versionCodec.empty(), version: '1.38', patch: 0 }))).toEqual({
      version: '1.38',
      patch: 0,
      classification: 'preview',
      endOfSupportAt: null,
      isDefault: false,
      sortOrder: undefined,
    });
    const issues = (values: VersionFormValues) => issuesOf(versionCodec.schema, values);
    expect(issues({ ...versionCodec.empty(), version: '1.38', isDefault: true })).toEqual([['isDefault', 'Only a supported version can be the default for new clusters.']]);
    expect(issues({ ...versionCodec.empty(), version: '1.38.2' })).toEqual([['version', 'Version must be a Kubernetes minor version such as 1.37.']]);
  });
});
