import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClusterCa, issueClientCertificate } from '@kubemarket/api/pki';
import { createSecretBox, DEVELOPMENT_KEYRING, type SealedSecret } from '@kubemarket/db';
import { describe, expect } from 'vitest';
import { signInAsDemoAccount } from './accounts';
import { rejectCookies } from './auth-helpers';
import { workerDatabase } from './database';
import { it, POLL } from './fixtures';
import { hasKubectl, kubeGet, readKubeconfig, TABLE_ACCEPT, type Kubeconfig } from './kubeconfig';
import { api, choose } from './order-helpers';

// A kubeconfig that answers, on one machine too (issue 31, ADR 32): scripts/e2e.mjs starts the local
// API gateway of simulated clusters beside the Worker, and the kubeconfig of a running cluster
// downloaded from its page reaches the cluster's read-only Kubernetes API there. kubectl runs when
// it is installed (Debian's package on our machines); otherwise Node makes the requests kubectl makes.

/** analytics-eu: Acme's running cluster of two pools, only read here (the other files read webshop-prod). */
const CLUSTER = 'clu_demo_analytics';

interface Detail {
  endpoint: string;
  kubernetesVersion: string;
  nodes: Array<{ name: string; status: string; kubeletVersion: string }>;
  apiServer: { url: string; tlsServerName: string | null } | null;
}

interface Status {
  kind: string;
  reason: string;
  code: number;
  message: string;
}

/** The rows `kubectl get nodes` prints, split into NAME, STATUS, ROLES, AGE, VERSION. */
function kubectl(config: string, args: string[]): string {
  const home = mkdtempSync(join(tmpdir(), 'kubectl-home-'));
  try {
    const result = spawnSync('kubectl', ['--kubeconfig', config, ...args], { encoding: 'utf8', timeout: 30_000, env: { ...process.env, HOME: home } });
    if (result.status !== 0) throw new Error(`kubectl ${args.join(' ')} exited with ${result.status}: ${result.stderr}`);
    return result.stdout;
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

/** NAME, STATUS, ROLES, AGE, VERSION of each node, by kubectl when installed, else by the same requests from Node. */
async function listedNodes(file: string, config: Kubeconfig): Promise<{ rows: string[][]; serverVersion: string }> {
  if (hasKubectl()) {
    const [header, ...lines] = kubectl(file, ['get', 'nodes']).trim().split('\n');
    expect(header!.split(/\s+/)).toEqual(['NAME', 'STATUS', 'ROLES', 'AGE', 'VERSION']);
    const version = /^Server Version: (\S+)$/m.exec(kubectl(file, ['version']))?.[1] ?? '';
    return { rows: lines.map((line) => line.split(/\s+/)), serverVersion: version };
  }
  const nodes = await kubeGet(config, '/api/v1/nodes?limit=500', { accept: TABLE_ACCEPT });
  expect(nodes.status).toBe(200);
  const table = nodes.body as { columnDefinitions: Array<{ name: string; priority: number }>; rows: Array<{ cells: string[] }> };
  expect(table.columnDefinitions.filter((column) => column.priority === 0).map((column) => column.name.toUpperCase())).toEqual(['NAME', 'STATUS', 'ROLES', 'AGE', 'VERSION']);
  const version = await kubeGet(config, '/version');
  return { rows: table.rows.map((row) => row.cells.slice(0, 5)), serverVersion: (version.body as { gitVersion: string }).gitVersion };
}

describe("a simulated cluster's kubeconfig", () => {
  it('lists with kubectl the nodes the cluster page shows, and tells the server version', { timeout: 90_000 }, async ({ page }) => {
    await signInAsDemoAccount(page, 'alice');
    const detail = await api<Detail>(page, 'GET', `/api/clusters/${CLUSTER}`);
    expect(detail.apiServer).toEqual({ url: expect.stringMatching(/^https:\/\/127\.0\.0\.1:\d+$/), tlsServerName: new URL(detail.endpoint).hostname });

    await page.goto(`/clusters/${CLUSTER}?tab=nodes`);
    await rejectCookies(page);
    await expect.poll(() => page.getByTestId('node-row').count(), POLL).toBe(detail.nodes.length);
    const shown = await page.getByTestId('node-row').evaluateAll((rows) => rows.map((row) => ({ name: row.getAttribute('data-node')!, status: row.getAttribute('data-status')! })));
    expect(shown.length).toBeGreaterThan(1);

    // The page says where the API server answers, and it is where the kubeconfig points.
    await page.getByTestId('tab-overview').click();
    expect(await page.getByTestId('overview-api-server').textContent()).toContain(`Answers read-only on this machine at ${detail.apiServer!.url}`);
    await page.getByTestId('tab-access').click();
    await choose(page, page, 'Valid for', '1 hour');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('kubeconfig-download').click()]);
    const file = (await download.path())!;
    const config = readKubeconfig(readFileSync(file, 'utf8'));
    expect(config.server).toBe(detail.apiServer!.url);
    expect(await page.getByTestId('kubeconfig-expires').textContent()).toContain(`kubectl --kubeconfig ${download.suggestedFilename()} get nodes`);

    const { rows, serverVersion } = await listedNodes(file, config);
    expect(rows.map(([name]) => name)).toEqual(shown.map((node) => node.name).sort());
    for (const [name, status, roles, age, version] of rows) {
      const node = detail.nodes.find((candidate) => candidate.name === name)!;
      expect(status, name).toBe(node.status === 'ready' ? 'Ready' : node.status === 'draining' ? 'Ready,SchedulingDisabled' : 'NotReady');
      expect(roles, name).toBe('<none>');
      expect(age, name).toMatch(/^\d+[smhdy]/);
      expect(version, name).toBe(`v${node.kubeletVersion}`);
    }
    expect(serverVersion).toBe(`v${detail.kubernetesVersion}`);
  });

  it('is refused with a Status 401 without a client certificate, with one of another CA, an expired one or one we never issued', { timeout: 60_000 }, async ({ page }) => {
    await signInAsDemoAccount(page, 'alice');
    const yaml = await api<{ kubeconfig: string }>(page, 'POST', `/api/clusters/${CLUSTER}/kubeconfig`, { expiresInSeconds: 3600 }, { Accept: 'application/json' });
    const config = readKubeconfig(yaml.kubeconfig);
    expect((await kubeGet(config, '/api/v1/namespaces')).status).toBe(200);

    const refusal = async (client: { certificatePem: string; keyPem: string } | null) => {
      const answer = await kubeGet(config, '/api/v1/nodes', { client });
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ kind: 'Status', reason: 'Unauthorized', code: 401 });
      return (answer.body as Status).message;
    };
    expect(await refusal(null)).toBe('Unauthorized: no client certificate was presented.');
    const now = Date.now();
    const otherCa = await createClusterCa({ clusterName: 'elsewhere', clusterId: 'clu_elsewhere', now });
    const other = await issueClientCertificate({ ca: otherCa, commonName: 'alice', organization: 'kubemarket:cluster-admins', notBefore: now, notAfter: Math.floor(now / 1000) * 1000 + 3_600_000 });
    expect(await refusal({ certificatePem: other.certificatePem, keyPem: other.privateKeyPem })).toBe("Unauthorized: the client certificate is not signed by this cluster's certificate authority.");

    // Certificates signed by the cluster's own CA (its key unsealed from the served database with
    // the development keyring, under the context of the clusters engine's caKeyContext).
    const row = (await (await workerDatabase()).prepare('SELECT ca_certificate, ca_private_key FROM clusters WHERE id = ?').bind(CLUSTER).first()) as { ca_certificate: string; ca_private_key: string };
    const ca = { certificatePem: row.ca_certificate, privateKeyPem: await createSecretBox(DEVELOPMENT_KEYRING).open(JSON.parse(row.ca_private_key) as SealedSecret, `cluster-ca:${CLUSTER}`) };
    const hour = 3_600_000;
    const expired = await issueClientCertificate({ ca, commonName: 'alice', organization: 'kubemarket:cluster-admins', notBefore: now - 2 * hour, notAfter: Math.floor((now - hour) / 1000) * 1000 });
    expect(await refusal({ certificatePem: expired.certificatePem, keyPem: expired.privateKeyPem })).toBe('Unauthorized: the client certificate has expired.');
    // Valid and signed by the right CA, so past the gateway; the Worker knows we never issued it.
    const unissued = await issueClientCertificate({ ca, commonName: 'mallory', organization: 'system:masters', notBefore: now, notAfter: Math.floor(now / 1000) * 1000 + hour });
    expect(await refusal({ certificatePem: unissued.certificatePem, keyPem: unissued.privateKeyPem })).toBe('Unauthorized: the client certificate was not issued for this cluster.');
  });
});
