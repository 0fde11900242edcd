/**
 * The Gardener adapter issuing kubeconfigs (AdminKubeconfigRequest) and rotating credentials.
 */
import 'reflect-metadata';
import { createHash } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { startFakeGardener } from '../../testing/fakes';
import { ProvisionerError, type ClusterSpec, type ProvisionerPort } from './port';
import { clusterSpec, expectDone, fakeGardenerBed, MERGE_PATCH, NAMESPACE, NOW, operation, SHOOTS, TOKEN } from '../../testing/gardener-bed';

const bed = fakeGardenerBed();
const { adapter, run, requestsAfter, shootOf, provisioned, provisionedShoot } = bed;

describe('kubeconfigs', () => {
  async function issue(port: ProvisionerPort, cluster: ClusterSpec, expiresInSeconds: number) {
    return port.issueKubeconfig({ cluster, ca: null, user: { id: 'usr_alice', username: 'alice', organizationId: 'org_acme' }, expiresInSeconds, now: bed.now });
  }

  function sha256OfPem(pem: string): string {
    return createHash('sha256').update(Buffer.from(x509.PemConverter.decodeFirst(pem))).digest('hex');
  }

  it('fetches the adminkubeconfig with the requested expirationSeconds and reads its client certificate', async () => {
    const { port, cluster, name } = await provisionedShoot();
    const before = bed.fake.requests.length;
    const issued = await issue(port, cluster, 86_400);

    const request = requestsAfter(before)[0]!;
    expect(`${request.method} ${request.path} ${request.contentType}`).toBe(`POST ${SHOOTS}/${name}/adminkubeconfig application/json`);
    expect(request.body).toEqual({ apiVersion: 'authentication.gardener.cloud/v1alpha1', kind: 'AdminKubeconfigRequest', spec: { expirationSeconds: 86_400 } });

    const file = parseYaml(issued.yaml) as {
      'current-context': string;
      clusters: Array<{ name: string; cluster: { server: string } }>;
      users: Array<{ user: { 'client-certificate-data': string; 'client-key-data': string } }>;
    };
    expect(file['current-context']).toBe(`${NAMESPACE}--${name}-external`);
    expect(file.clusters[0]?.cluster.server).toBe(`https://api.${name}.km.shoot.fake.test`);
    const certificate = new x509.X509Certificate(Buffer.from(file.users[0]!.user['client-certificate-data'], 'base64').toString('utf8'));
    expect(certificate.subject).toBe(`CN=gardener.cloud:admin:system:serviceaccount:${NAMESPACE}:kubemarket, O=gardener.cloud:project:admins`);
    expect(Buffer.from(file.users[0]!.user['client-key-data'], 'base64').toString('utf8')).toMatch(/^-----BEGIN PRIVATE KEY-----/);

    expect(issued.notAfter).toBe(NOW + 86_400 * 1000);
    expect(issued.notAfter).toBe(certificate.notAfter.getTime());
    expect(issued.serialNumber).toBe(certificate.serialNumber.toLowerCase());
    expect(issued.serialNumber).toMatch(/^[0-9a-f]{32}$/);
    expect(issued.caFingerprint).toBe(sha256OfPem(bed.fake.caBundle(name)[0]!));
  });

  it('returns the lifetime the certificate has when Gardener caps the request', async () => {
    const port = adapter();
    const cluster = await provisioned(port);
    // gardener-apiserver caps admin kubeconfigs at --shoot-admin-kubeconfig-max-expiration (24 h by default).
    const weekly = await issue(port, cluster, 7 * 24 * 3600);
    expect(bed.fake.requests.at(-1)?.body).toMatchObject({ spec: { expirationSeconds: 604_800 } });
    expect(weekly.notAfter).toBe(NOW + 24 * 3600 * 1000);

    bed.fake.close();
    bed.fake = startFakeGardener({ token: TOKEN, namespace: NAMESPACE, now: () => bed.now, maxExpirationSeconds: 365 * 24 * 3600 });
    const long = adapter();
    const yearly = await issue(long, await provisioned(long), 365 * 24 * 3600);
    expect(yearly.notAfter).toBe(NOW + 365 * 24 * 3600 * 1000);
    const hourly = await issue(long, await provisioned(long), 3600);
    expect(hourly.notAfter).toBe(NOW + 3600 * 1000);
  });

  it('is refused before Gardener has published the API server, and for a cluster without a Shoot', async () => {
    const port = adapter();
    const created = expectDone(await run(port, clusterSpec(), operation('provision'), 'validate'));
    const cluster = { ...clusterSpec(), providerRef: created.changes!.providerRef! };
    await expect(issue(port, cluster, 3600)).rejects.toThrow(/no suitable advertised address for kube-apiserver/);
    await expect(issue(port, cluster, 3600)).rejects.toBeInstanceOf(ProvisionerError);
    bed.fake.violations.length = 0;
    await expect(issue(port, clusterSpec(), 3600)).rejects.toThrow('The cluster has no Gardener Shoot yet, so there is no kubeconfig to issue.');
  });

  it('the fake holds Gardener to its AdminKubeconfigRequest bounds', async () => {
    const port = adapter();
    const cluster = await provisioned(port);
    const post = (body: unknown) =>
      bed.fake.fetch(`${bed.fake.url}${SHOOTS}/${cluster.providerRef}/adminkubeconfig`, { method: 'POST', headers: { Authorization: `Bearer ${TOKEN}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    const short = await post({ spec: { expirationSeconds: 599 } });
    expect(short.status).toBe(422);
    expect(((await short.json()) as { message: string }).message).toMatch(/may not specify a duration less than 10 minutes/);
    expect((await post({ spec: { expirationSeconds: 2 ** 32 } })).status).toBe(422);
    bed.expectRefused(2);
  });

  it('rotateCredentials starts a CA rotation, then completes it once Gardener has prepared it', async () => {
    const { port, cluster, name } = await provisionedShoot();
    const first = await issue(port, cluster, 3600);

    bed.now += 60_000;
    const before = bed.fake.requests.length;
    await expect(port.rotateCredentials(cluster, bed.now)).resolves.toEqual({});
    expect(requestsAfter(before).filter((request) => request.method === 'PATCH').map((request) => [request.contentType, request.body])).toEqual([
      [MERGE_PATCH, { metadata: { annotations: { 'gardener.cloud/operation': 'rotate-ca-start' } } }],
    ]);
    await expect(port.rotateCredentials(cluster, bed.now)).rejects.toMatchObject({ retryable: true, message: expect.stringMatching(/already rotating/) });

    bed.fake.setLastOperation(name, { type: 'Reconcile', state: 'Succeeded', progress: 100 });
    expect(shootOf(cluster).status?.credentials?.rotation?.certificateAuthorities?.phase).toBe('Prepared');
    const second = await issue(port, cluster, 3600);
    expect(second.caFingerprint).not.toBe(first.caFingerprint);
    expect(second.caFingerprint).toBe(sha256OfPem(bed.fake.caBundle(name)[1]!));

    const completing = bed.fake.requests.length;
    await port.rotateCredentials(cluster, bed.now);
    expect(requestsAfter(completing).find((request) => request.method === 'PATCH')?.body).toEqual({ metadata: { annotations: { 'gardener.cloud/operation': 'rotate-ca-complete' } } });
    bed.fake.setLastOperation(name, { type: 'Reconcile', state: 'Succeeded', progress: 100 });
    expect(bed.fake.caBundle(name)).toHaveLength(1);
    expect((await issue(port, cluster, 3600)).caFingerprint).toBe(second.caFingerprint);
  });
});
