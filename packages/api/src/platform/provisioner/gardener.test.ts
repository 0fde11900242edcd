/**
 * The Gardener adapter (ADR 7) against a fake Gardener that checks every request: the names it gives
 * Shoots and workers, how it reports errors, and the CloudProfile sync. Provisioning, changes,
 * deletion and kubeconfigs have files of their own (gardener-*.test.ts); what they share is
 * testing/gardener-bed.ts.
 */
import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { FAKE_CLOUD_PROFILE_NAME } from '../../testing/fakes';
import { gardenerProvisioner, shootNameFor, syncCloudProfile, workerNameFor } from './gardener';
import { ProvisionerError } from './port';
import { planOperation } from './steps';
import { clusterSpec, expectDone, fakeGardenerBed, GENERAL, GPU, NAMESPACE, node, operation, SHOOTS, TOKEN } from '../../testing/gardener-bed';

const bed = fakeGardenerBed();
const { config, adapter, run, provisioned } = bed;

describe('names', () => {
  it('names the Shoot from the cluster name and id within the 21 characters Gardener allows with the project name', () => {
    const name = shootNameFor(clusterSpec(), NAMESPACE);
    expect(name).toBe('webshop-prod-7k2m9q');
    expect(name.length + 'km'.length).toBeLessThanOrEqual(21);

    const long = shootNameFor(clusterSpec({ name: 'analytics--eu-central-platform' }), 'garden-enterprise');
    expect(long).toMatch(/^[a-z]([-a-z0-9]*[a-z0-9])?$/);
    expect(long).not.toContain('--');
    expect(long.length + 'enterprise'.length).toBeLessThanOrEqual(21);
    expect(long.endsWith('-7k2m9q')).toBe(true);

    expect(shootNameFor(clusterSpec({ providerRef: 'existing-shoot' }), NAMESPACE)).toBe('existing-shoot');
  });

  it('keeps pool names as worker names when they fit in 15 characters, and shortens others stably', () => {
    expect(workerNameFor(GENERAL)).toBe('general');
    const gpu = workerNameFor(GPU);
    expect(gpu.length).toBeLessThanOrEqual(15);
    expect(gpu).toMatch(/^gpu-infere-[a-z0-9]{4}$/);
    expect(workerNameFor({ ...GPU })).toBe(gpu);
    expect(workerNameFor({ ...GPU, id: 'npl_other' })).not.toBe(gpu);
  });

  it('plans with the shared step list at speed 1 and reports no node usage', () => {
    const port = adapter();
    const cluster = clusterSpec();
    const op = operation('provision', { addonIds: ['cert-manager'] });
    expect(port.kind).toBe('gardener');
    expect(port.plan(cluster, op)).toEqual(planOperation(cluster, op, 1));
    expect(port.nodeUsage(node(GENERAL, 'n', 'fr-par-1a'), bed.now)).toBeNull();
  });
});


describe('errors', () => {
  it('turns a wrong token into a readable ProvisionerError that does not quote the token', async () => {
    const wrong = 'not-the-token-Zq81';
    const port = adapter({ token: wrong });
    const outcome = await run(port, clusterSpec(), operation('provision'), 'validate');
    expect(outcome).toEqual({
      kind: 'failed',
      reason: 'Gardener did not accept the API token while reading the Shoot webshop-prod-7k2m9q (401 Unauthorized); check the configured Gardener token.',
      retryable: false,
    });
    const sync = syncCloudProfile(config({ token: wrong }));
    await expect(sync).rejects.toBeInstanceOf(ProvisionerError);
    await expect(sync).rejects.toThrow('Gardener did not accept the API token while reading the CloudProfile kubemarket (401 Unauthorized); check the configured Gardener token.');
    await expect(port.issueKubeconfig({ cluster: { ...clusterSpec(), providerRef: 'webshop-prod-7k2m9q' }, ca: null, user: { id: 'u', username: 'u', organizationId: 'o' }, expiresInSeconds: 3600, now: bed.now })).rejects.toThrow(/401 Unauthorized/);
    expect(bed.fake.requests.every((request) => request.status === 401)).toBe(true);
    bed.expectRefused(3);
  });

  it('treats outages as retryable: 5xx, 429 and a dropped connection', async () => {
    const port = adapter();
    const cluster = await provisioned(port);
    const op = operation('provision');
    bed.fake.failNext(1, 503);
    expect(await run(port, cluster, op, 'network')).toEqual({
      kind: 'failed',
      reason: 'Gardener failed while reading the Shoot webshop-prod-7k2m9q (HTTP 503): the server is currently unable to handle the request; it will be tried again.',
      retryable: true,
    });
    bed.fake.failNext(1, 429);
    expect(await run(port, cluster, op, 'network')).toEqual({
      kind: 'failed',
      reason: 'Gardener is limiting the request rate (429) while reading the Shoot webshop-prod-7k2m9q; it will be tried again.',
      retryable: true,
    });
    bed.fake.failNext(1, 'network');
    expect(await run(port, cluster, op, 'network')).toEqual({
      kind: 'failed',
      reason: 'Gardener could not be reached while reading the Shoot webshop-prod-7k2m9q (fetch failed); it will be tried again.',
      retryable: true,
    });
    expectDone(await run(port, cluster, op, 'network'));
  });

  it('refuses to start without a token, namespace or an http(s) URL', () => {
    expect(() => gardenerProvisioner({ ...config(), token: '' })).toThrow(/API token/);
    expect(() => gardenerProvisioner({ ...config(), namespace: '' })).toThrow(/namespace/);
    expect(() => gardenerProvisioner({ ...config(), apiUrl: 'api.garden.example.com' })).toThrow(/https:\/\//);
  });

  it('the fake refuses a Shoot missing required fields with a 422 Status listing the causes', async () => {
    const response = await bed.fake.fetch(`${bed.fake.url}${SHOOTS}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ apiVersion: 'core.gardener.cloud/v1beta1', kind: 'Shoot', metadata: { name: 'bare' }, spec: { credentialsBindingName: 'b', cloudProfile: { name: 'kubemarket' } } }),
    });
    expect(response.status).toBe(422);
    const status = (await response.json()) as { kind: string; reason: string; details: { causes: Array<{ field: string }> } };
    expect(status.kind).toBe('Status');
    expect(status.reason).toBe('Invalid');
    expect(status.details.causes.map((cause) => cause.field)).toEqual(['spec.kubernetes.version', 'spec.region', 'spec.provider.type', 'spec.provider.workers', 'spec.networking']);
    const patch = await bed.fake.fetch(`${bed.fake.url}${SHOOTS}/bare`, { method: 'PATCH', headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' }, body: '{}' });
    expect(patch.status).toBe(415);
    bed.expectRefused(2);
  });
});


describe('CloudProfile sync', () => {
  it('reads the versions with their classification and the usable machine types', async () => {
    const synced = await syncCloudProfile(config());
    expect(synced.kubernetesVersions).toEqual([
      { version: '1.38.0', classification: 'preview' },
      { version: '1.37.1', classification: 'supported' },
      { version: '1.36.4', classification: 'supported' },
      { version: '1.35.8', classification: 'deprecated', expirationDate: '2099-06-30T23:59:59Z' },
      { version: '1.34.9', classification: 'expired', expirationDate: '2020-01-31T23:59:59Z' },
    ]);
    expect(synced.machineTypes).toEqual([
      { name: 'gp-2-8', cpu: 2, memoryGb: 8, gpu: 0 },
      { name: 'gp-4-16', cpu: 4, memoryGb: 16, gpu: 0 },
      { name: 'gp-8-32', cpu: 8, memoryGb: 32, gpu: 0 },
      { name: 'c-4-8', cpu: 4, memoryGb: 8, gpu: 0 },
      { name: 'gpu-l4-1', cpu: 8, memoryGb: 48, gpu: 1 },
    ]);
    expect(synced.providerType).toBe('openstack');
    expect(synced.regions.map((region) => region.name)).toEqual(['fr-par-1', 'de-fra-1', 'nl-ams-1']);
    expect(bed.fake.requests.map((request) => `${request.method} ${request.path} ${request.authorization}`)).toEqual([
      `GET /apis/core.gardener.cloud/v1beta1/cloudprofiles/kubemarket Bearer ${TOKEN}`,
    ]);
  });

  it('reads the classification from a lifecycle, as newer Gardener versions publish it', async () => {
    const profile = bed.fake.cloudProfiles.get(FAKE_CLOUD_PROFILE_NAME)!;
    profile.spec.kubernetes.versions = [
      { version: '1.39.0', lifecycle: [{ classification: 'preview' }, { classification: 'supported', startTime: '2020-01-01T00:00:00Z' }, { classification: 'deprecated', startTime: '2099-01-01T00:00:00Z' }] },
    ];
    expect((await syncCloudProfile(config())).kubernetesVersions).toEqual([{ version: '1.39.0', classification: 'supported' }]);
  });

  it('turns a missing or unconfigured CloudProfile into a readable error', async () => {
    await expect(syncCloudProfile(config({ cloudProfileName: 'nope' }))).rejects.toMatchObject({
      retryable: false,
      message: 'Gardener found nothing while reading the CloudProfile nope (404 Not Found): cloudprofiles.core.gardener.cloud "nope" not found.',
    });
    await expect(syncCloudProfile(config({ cloudProfileName: undefined }))).rejects.toThrow('No Gardener CloudProfile is configured for this shop, so clusters cannot be created.');
    bed.fake.failNext(1, 500);
    await expect(syncCloudProfile(config())).rejects.toMatchObject({ retryable: true });
  });
});
