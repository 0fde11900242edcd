// Before @peculiar/x509, whose tsyringe container throws without the Reflect metadata polyfill.
import 'reflect-metadata';
import { X509Certificate } from '@peculiar/x509';
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { Env } from '../src/env';
import { CLIENT_CERTIFICATE_HEADER, GATEWAY_SECRET_HEADER } from '../src/kube-gateway';
import { BASE, type Fetcher, fetcherWith, json, productionEnv, signedIn } from './client';

// The internal side of the local API gateway of simulated clusters (ADR 32): what the Worker
// answers the gateway, and to whom. The gateway itself (TLS, SNI) is tested against the built
// Worker in web/e2e/kubectl.e2e.test.ts.

const SECRET = 'k'.repeat(24) + crypto.randomUUID();
const GATEWAY_URL = 'https://127.0.0.1:6443';
const withGateway: Env = { ...env, KUBE_GATEWAY_URL: GATEWAY_URL, KUBE_GATEWAY_SECRET: SECRET };

function internal(fetcher: Fetcher, path: string, headers: Record<string, string> = {}, init: RequestInit = {}) {
  return fetcher(new Request(`${BASE}/internal/kube-gateway${path}`, { ...init, headers }));
}

async function gatewayPublicKeyPem(): Promise<string> {
  const { publicKey } = (await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  const spki = new Uint8Array((await crypto.subtle.exportKey('spki', publicKey)) as ArrayBuffer);
  return `-----BEGIN PUBLIC KEY-----\n${btoa(String.fromCharCode(...spki))}\n-----END PUBLIC KEY-----\n`;
}

describe('the internal route of the local API gateway', () => {
  it('exists only in development, with the simulator and the gateway configured, for a caller with the secret of the run', async () => {
    const path = '/clusters/clu_demo_webshop/api/v1/nodes';
    // Configured: the right secret reaches the simulated API (which wants a client certificate).
    const answer = await internal(fetcherWith(withGateway), path, { [GATEWAY_SECRET_HEADER]: SECRET });
    expect(answer.status).toBe(401);
    expect(await json(answer)).toMatchObject({ kind: 'Status', reason: 'Unauthorized' });
    // Without the secret, with another, or without the route configured: nothing is there.
    const refusals: Array<[string, Fetcher, Record<string, string>]> = [
      ['no secret', fetcherWith(withGateway), {}],
      ['another secret', fetcherWith(withGateway), { [GATEWAY_SECRET_HEADER]: `${SECRET}x` }],
      ['no gateway configured', fetcherWith(env), { [GATEWAY_SECRET_HEADER]: SECRET }],
      ['a secret too short', fetcherWith({ ...withGateway, KUBE_GATEWAY_SECRET: 'short' }), { [GATEWAY_SECRET_HEADER]: 'short' }],
      ['Gardener', fetcherWith({ ...withGateway, GARDENER_API_URL: 'https://garden.example.eu', GARDENER_TOKEN: 't', GARDENER_NAMESPACE: 'garden-x', GARDENER_CLOUD_PROFILE: 'p' }), { [GATEWAY_SECRET_HEADER]: SECRET }],
      ['production', fetcherWith(productionEnv()), { [GATEWAY_SECRET_HEADER]: SECRET }],
    ];
    for (const [why, fetcher, headers] of refusals) {
      const refused = await internal(fetcher, path, headers);
      expect(refused.status, why).toBe(404);
      expect(await refused.json(), why).toEqual({ message: 'Not found.' });
    }
    // Production refuses to serve at all while the gateway's settings are present.
    const misconfigured = await fetcherWith(productionEnv({ KUBE_GATEWAY_URL: GATEWAY_URL, KUBE_GATEWAY_SECRET: SECRET }))(new Request(`${BASE}/internal/kube-gateway${path}`, { headers: { [GATEWAY_SECRET_HEADER]: SECRET } }));
    expect(misconfigured.status).toBe(503);
  });

  it("points a downloaded kubeconfig at the gateway, certifies the gateway's key for the cluster, and serves the cluster's nodes to its client certificate", async () => {
    const fetcher = fetcherWith(withGateway);
    const alice = await signedIn('alice', '203.0.113.190', fetcher);
    const detail = await json<{ endpoint: string; nodes: Array<{ name: string }>; apiServer: { url: string; tlsServerName: string } | null }>(await alice.get('/api/clusters/clu_demo_webshop'));
    const serverName = new URL(detail.endpoint).hostname;
    expect(detail.apiServer).toEqual({ url: GATEWAY_URL, tlsServerName: serverName });
    const yaml = await (await alice.post('/api/clusters/clu_demo_webshop/kubeconfig', { expiresInSeconds: 3600 })).text();
    const config = parse(yaml) as {
      clusters: Array<{ cluster: { server: string; 'tls-server-name': string; 'certificate-authority-data': string } }>;
      users: Array<{ user: { 'client-certificate-data': string } }>;
    };
    expect(config.clusters[0]!.cluster).toMatchObject({ server: GATEWAY_URL, 'tls-server-name': serverName });

    const certificate = await internal(
      fetcher,
      '/certificate',
      { [GATEWAY_SECRET_HEADER]: SECRET, 'Content-Type': 'application/json' },
      { method: 'POST', body: JSON.stringify({ serverName, publicKeyPem: await gatewayPublicKeyPem() }) },
    );
    expect(certificate.status).toBe(200);
    const issued = await json<{ clusterId: string; certificatePem: string; caCertificatePem: string }>(certificate);
    expect(issued.clusterId).toBe('clu_demo_webshop');
    // The CA the kubeconfig trusts is the one that signed the gateway's certificate.
    const ca = new X509Certificate(atob(config.clusters[0]!.cluster['certificate-authority-data']));
    expect(await new X509Certificate(issued.certificatePem).verify({ publicKey: ca.publicKey, signatureOnly: true })).toBe(true);

    const clientDer = new X509Certificate(atob(config.users[0]!.user['client-certificate-data'])).rawData;
    const nodes = await internal(fetcher, '/clusters/clu_demo_webshop/api/v1/nodes', {
      [GATEWAY_SECRET_HEADER]: SECRET,
      [CLIENT_CERTIFICATE_HEADER]: btoa(String.fromCharCode(...new Uint8Array(clientDer))),
      Accept: 'application/json',
    });
    expect(nodes.status).toBe(200);
    const list = await json<{ kind: string; items: Array<{ metadata: { name: string } }> }>(nodes);
    expect(list.kind).toBe('NodeList');
    expect(list.items.map((node) => node.metadata.name).sort()).toEqual(detail.nodes.map((node) => node.name).sort());
  });
});
