import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedVatValidation, normalizeVatNumber, VatServiceUnavailableError, viesVatValidation } from '.';
import { startFakeVies, type FakeVies } from '../../testing/fakes';

const NOW = Date.UTC(2026, 11, 6, 10);

describe('normalizeVatNumber', () => {
  it('compacts, upper-cases and spells Greece EL', () => {
    expect(normalizeVatNumber(' fr 40 303.265-045 ')).toBe('FR40303265045');
    expect(normalizeVatNumber('GR094259216')).toBe('EL094259216');
  });
});

describe('the embedded VAT check', () => {
  const port = embeddedVatValidation();
  it('knows the demo companies by name and address', async () => {
    const check = await port.check('DE136695976', NOW);
    expect(check).toMatchObject({ vatNumber: 'DE136695976', valid: true, name: 'Globex Logistik GmbH', source: 'embedded', checkedAt: NOW });
    expect(check.consultationNumber).toMatch(/^LOCAL-20261206-\d{4}$/);
  });
  it('checks the check digits of each member state', async () => {
    expect((await port.check('FR00000000000', NOW)).valid).toBe(false);
    expect((await port.check('DE000000000', NOW)).valid).toBe(false);
    expect((await port.check('ATU13585627', NOW))).toMatchObject({ valid: true, name: null });
  });
  it('refuses a number under another state’s prefix', async () => {
    expect((await port.check('DE40303265045', NOW)).valid).toBe(false);
  });
});

describe('the VIES adapter against a fake VIES', () => {
  let vies: FakeVies;
  beforeAll(async () => {
    vies = await startFakeVies({ registered: { DE136695976: { name: 'Globex Logistik GmbH', address: 'Hafenstraße 8\n20457 Hamburg' } }, requester: 'FR12345678901', unavailable: ['IT'] });
  });
  afterAll(() => vies.close());

  const port = () => viesVatValidation({ requesterVatNumber: 'FR12345678901', baseUrl: vies.url });

  it('sends the number without its prefix and our own number as requester, and keeps the consultation number', async () => {
    const check = await port().check('DE136695976', NOW);
    expect(check).toMatchObject({ valid: true, name: 'Globex Logistik GmbH', address: 'Hafenstraße 8, 20457 Hamburg', source: 'vies', checkedAt: NOW });
    expect(check.consultationNumber).toMatch(/^WAPIAAAAZ\d{6}$/);
    expect(vies.bodies.at(-1)).toEqual({ countryCode: 'DE', vatNumber: '136695976', requesterMemberStateCode: 'FR', requesterNumber: '12345678901' });
    expect(vies.violations).toEqual([]);
  });

  it('answers invalid for a number VIES does not know', async () => {
    expect(await port().check('DE999999999', NOW)).toMatchObject({ valid: false, name: null, address: null });
  });

  it('reports a member state that is down as unavailable, never as invalid', async () => {
    await expect(port().check('IT00743110157', NOW)).rejects.toBeInstanceOf(VatServiceUnavailableError);
    vies.failNext('rate_limited');
    await expect(port().check('DE136695976', NOW)).rejects.toThrow(/try again in a few minutes/);
    expect(vies.violations).toEqual([]);
  });

  it('reports an unreachable VIES as unavailable', async () => {
    await expect(viesVatValidation({ requesterVatNumber: 'FR12345678901', baseUrl: 'http://127.0.0.1:9' }).check('DE136695976', NOW)).rejects.toBeInstanceOf(VatServiceUnavailableError);
  });
});
