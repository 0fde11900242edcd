import { describe, expect, it } from 'vitest';
import { missingField } from './credential-schemas';
import { credentialsOf, emptyValues, formatTook, PROVIDER_PAGES, type ProviderId } from './providers';

const PROVIDERS = Object.keys(PROVIDER_PAGES) as ProviderId[];

describe('provider pages', () => {
  it('cover the seven providers, each with its page, least-privilege steps and at least one secret field', () => {
    expect(PROVIDERS.sort()).toEqual(['ack', 'aks', 'cce', 'doks', 'eks', 'gke', 'iks']);
    for (const provider of PROVIDERS) {
      const page = PROVIDER_PAGES[provider];
      expect(page.provider).toBe(provider);
      expect(page.path).toMatch(/^\/[a-z]+-[a-z]+(-[a-z]+)?-test$/);
      expect(page.leastPrivilege.length).toBeGreaterThanOrEqual(2);
      expect(page.fields.some((field) => field.kind === 'secret' || field.kind === 'json')).toBe(true);
    }
    expect(new Set(PROVIDERS.map((provider) => PROVIDER_PAGES[provider].path)).size).toBe(7);
  });
});

describe('credentialsOf', () => {
  it('splits the EKS regions and leaves out a blank role', () => {
    const values = { ...emptyValues('eks'), accessKeyId: ' AKIAFAKEREADER000001 ', secretAccessKey: 'secret/with spaces ', regions: 'eu-west-1,  us-east-1 eu-central-1' };
    expect(credentialsOf('eks', values)).toEqual({
      provider: 'eks',
      credentials: { accessKeyId: 'AKIAFAKEREADER000001', secretAccessKey: 'secret/with spaces ', regions: ['eu-west-1', 'us-east-1', 'eu-central-1'] },
    });
  });

  it('leaves the EKS regions out when none is given, so the server default applies', () => {
    expect(credentialsOf('eks', { ...emptyValues('eks'), accessKeyId: 'AKIA', secretAccessKey: 's', roleArn: 'arn:aws:iam::123456789012:role/R' }).credentials).toEqual({
      accessKeyId: 'AKIA',
      secretAccessKey: 's',
      roleArn: 'arn:aws:iam::123456789012:role/R',
    });
  });

  it('keeps the GCP key file exactly as pasted', () => {
    const key = '{\n  "type": "service_account"\n}\n';
    expect(credentialsOf('gke', { serviceAccountKey: key })).toEqual({ provider: 'gke', credentials: { serviceAccountKey: key } });
  });

  it('omits the optional Alibaba region when blank and keeps it when given', () => {
    expect(credentialsOf('ack', { accessKeyId: 'LTAI5t', accessKeySecret: 'x', region: '  ' }).credentials).toEqual({ accessKeyId: 'LTAI5t', accessKeySecret: 'x' });
    expect(credentialsOf('ack', { accessKeyId: 'LTAI5t', accessKeySecret: 'x', region: 'eu-central-1' }).credentials).toEqual({ accessKeyId: 'LTAI5t', accessKeySecret: 'x', region: 'eu-central-1' });
  });
});

describe('missingField', () => {
  it('names the first required field left blank, and ignores optional ones', () => {
    expect(missingField('aks', { ...emptyValues('aks'), tenantId: 't' })).toBe('Application (client) ID is required.');
    expect(missingField('ack', { accessKeyId: 'a', accessKeySecret: 'b', region: '' })).toBeNull();
    expect(missingField('doks', { token: '   ' })).toBe('Personal access token is required.');
  });
});

describe('formatTook', () => {
  it('shows milliseconds under a second and tenths of seconds above', () => {
    expect(formatTook(0)).toBe('0 ms');
    expect(formatTook(842.4)).toBe('842 ms');
    expect(formatTook(2_449)).toBe('2.4 s');
    expect(formatTook(10_000)).toBe('10.0 s');
  });
});
