import { execFile, spawnSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { BASE_URL, it } from './fixtures';
import { hasKubectl } from './kubeconfig';

// The SDK and the CLI against the built Worker (issue 33, ADR 35), no browser: `pnpm kubemarket`
// run from the repo root as a person runs it, with an API token of a new organisation. It orders
// and pays a cluster and waits until it runs, writes a kubeconfig whose user is the CLI's exec
// plugin, runs that plugin as kubectl runs it, and downloads one of Acme's invoices.

const ROOT = resolve(import.meta.dirname, '../..');
/** The YAML parser the CLI writes kubeconfigs with (web itself has no YAML dependency). */
const { parse } = createRequire(join(ROOT, 'packages/cli/package.json'))('yaml') as { parse(text: string): unknown };
const home = mkdtempSync(join(tmpdir(), 'kubemarket-cli-'));
/** XDG_CONFIG_HOME and XDG_CACHE_HOME of every run: nothing read from or left in the real home. */
const XDG = { XDG_CONFIG_HOME: join(home, 'config'), XDG_CACHE_HOME: join(home, 'cache') };

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function run(command: string, args: string[], env: Record<string, string>, timeout = 120_000): Promise<Run> {
  return new Promise((done) => {
    const child = execFile(command, args, { cwd: ROOT, env: { PATH: process.env.PATH ?? '', HOME: home, ...XDG, ...env }, timeout, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      done({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
    });
    child.stdin?.end();
  });
}

/** `pnpm -s kubemarket …` at the repo root (the root script), as KUBEMARKET_URL and this token. */
const kubemarket = (token: string, ...args: string[]) => run('pnpm', ['-s', 'kubemarket', ...args], { KUBEMARKET_URL: BASE_URL, KUBEMARKET_TOKEN: token });

/** A signed-in console session (cookies and CSRF token, as the browser has them) creating an API token. */
async function apiToken(signIn: { path: string; body: unknown }, scopes: string[]): Promise<string> {
  const cookies = new Map<string, string>();
  let csrf = '';
  const call = async (method: string, path: string, body?: unknown, signedOut = false) => {
    const response = await fetch(`${BASE_URL}${path}`, {
      method,
      headers: { Origin: BASE_URL, 'X-CSRF-Token': csrf, Cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '), ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair = ''] = header.split(';');
      cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
    csrf = response.headers.get('X-CSRF-Token') ?? csrf;
    if (!response.ok && !signedOut) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return response.json() as Promise<Record<string, unknown>>;
  };
  // Signed out, GET /api/user answers 401 with the anonymous CSRF token (header and cookie).
  await call('GET', '/api/user', undefined, true);
  await call('POST', signIn.path, signIn.body);
  const created = await call('POST', '/api/tokens', { name: `cli e2e ${Date.now()}`, expiresInDays: 1, scopes });
  expect(created.token).toMatch(/^kmt_/);
  return created.token as string;
}

interface ExecConfig {
  apiVersion: string;
  command: string;
  args: string[];
  env: Array<{ name: string; value: string }>;
  interactiveMode: string;
}

interface KubeconfigFile {
  clusters: Array<{ name: string; cluster: { server: string; 'certificate-authority-data': string; 'tls-server-name'?: string } }>;
  users: Array<{ name: string; user: { exec?: ExecConfig; 'client-certificate-data'?: string } }>;
  'current-context': string;
}

interface ExecCredential {
  apiVersion: string;
  kind: string;
  status: { clientCertificateData: string; clientKeyData: string; expirationTimestamp: string };
}

/** The exec plugin exactly as kubectl runs it: the kubeconfig's command, args and env, KUBERNETES_EXEC_INFO set. */
function runPlugin(exec: ExecConfig, token: string, server: string): Promise<Run> {
  const info = { apiVersion: exec.apiVersion, kind: 'ExecCredential', spec: { interactive: false } };
  return run(exec.command, exec.args, { KUBEMARKET_TOKEN: token, ...Object.fromEntries(exec.env.map(({ name, value }) => [name, value])), KUBERNETES_EXEC_INFO: JSON.stringify(info), KUBE_SERVER: server });
}

afterAll(() => rmSync(home, { recursive: true, force: true }));

describe('the kubemarket CLI and its SDK', () => {
  let token = '';
  const name = `cli-${Date.now().toString(36)}`;

  beforeAll(async () => {
    token = await apiToken({ path: '/api/dev/test-accounts', body: { signIn: true } }, ['clusters:read', 'clusters:write', 'orders:read', 'orders:write', 'billing:read', 'billing:write']);
  });

  it('orders, pays and follows a cluster until it runs, then gives kubectl an exec plugin whose certificates chain to its CA and are cached', async () => {
    const created = await kubemarket(token, 'clusters', 'create', '--name', name, '--nodes', '1', '--test-card', '4242424242424242', '--billing-company', 'CLI E2E SAS', '--billing-address', '12 rue de la Paix', '--billing-postal-code', '75002', '--billing-city', 'Paris', '--wait', '--timeout', '120', '-o', 'json');
    expect(created.code, created.stderr).toBe(0);
    expect(created.stderr).toMatch(/^Order ord_\w+ paid/m);
    const cluster = JSON.parse(created.stdout) as { id: string; name: string; status: string };
    expect(cluster).toMatchObject({ name, status: 'running' });
    // stderr is a pipe here: plain progress lines (no bar redrawn with \r), the provisioning's steps among them.
    expect(created.stderr).not.toContain('\r');
    expect(created.stderr).toMatch(new RegExp(`^${name} provisioning · provision · .+ \\(\\d+/\\d+\\) \\d+%$`, 'm'));

    const listed = await kubemarket(token, 'clusters', 'list');
    expect(listed.code, listed.stderr).toBe(0);
    const [header, row] = listed.stdout.trimEnd().split('\n');
    expect(header).toMatch(/^ID +NAME +STATUS +TIER +REGION +VERSION +NODES +MONTHLY +CREATED$/);
    // Aligned: each column starts where its heading does.
    expect(row!.slice(header!.indexOf('NAME')).startsWith(name)).toBe(true);
    expect(row!.slice(header!.indexOf('STATUS')).startsWith('running')).toBe(true);

    const file = join(home, 'kubeconfig.yaml');
    const written = await kubemarket(token, 'kubeconfig', name, '-f', file);
    expect(written.code, written.stderr).toBe(0);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const kubeconfig = parse(readFileSync(file, 'utf8')) as KubeconfigFile;
    const exec = kubeconfig.users[0]!.user.exec!;
    expect(kubeconfig.users[0]!.user['client-certificate-data']).toBeUndefined();
    expect(exec).toMatchObject({ apiVersion: 'client.authentication.k8s.io/v1', interactiveMode: 'Never', env: [{ name: 'KUBEMARKET_URL', value: BASE_URL }] });
    expect(exec.args.slice(-2)).toEqual(['exec-credential', cluster.id]);
    const { server, 'certificate-authority-data': caData } = kubeconfig.clusters[0]!.cluster;
    const ca = new X509Certificate(Buffer.from(caData, 'base64'));

    const first = await runPlugin(exec, token, server);
    expect(first.code, first.stderr).toBe(0);
    const credential = JSON.parse(first.stdout) as ExecCredential;
    expect(credential).toMatchObject({ apiVersion: 'client.authentication.k8s.io/v1', kind: 'ExecCredential' });
    const certificate = new X509Certificate(credential.status.clientCertificateData);
    expect(certificate.checkIssued(ca)).toBe(true);
    expect(certificate.verify(ca.publicKey)).toBe(true);
    expect(certificate.validToDate.toISOString().replace('.000Z', 'Z')).toBe(credential.status.expirationTimestamp);
    // One hour, the shortest lifetime the API issues.
    expect(certificate.validToDate.getTime() - Date.now()).toBeGreaterThan(55 * 60_000);
    expect(certificate.validToDate.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60_000 + 5_000);
    expect(credential.status.clientKeyData).toMatch(/^-----BEGIN (EC |RSA )?PRIVATE KEY-----/);

    // The second run answers from the cache (0600): the same certificate, even with a token the API would refuse.
    const second = await runPlugin(exec, 'kmt_not_a_valid_token', server);
    expect(second.code, second.stderr).toBe(0);
    expect(JSON.parse(second.stdout)).toEqual(credential);
    const cached = spawnSync('find', [join(XDG.XDG_CACHE_HOME, 'kubemarket', 'exec-credentials'), '-type', 'f'], { encoding: 'utf8' }).stdout.trim().split('\n');
    expect(cached).toHaveLength(1);
    expect(statSync(cached[0]!).mode & 0o777).toBe(0o600);
    // Without the cache, the same bad token is the API's refusal: exit code 2 with its code and request id.
    rmSync(cached[0]!);
    const refused = await runPlugin(exec, 'kmt_not_a_valid_token', server);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/code unauthenticated, request id req_[a-z2-7]{26}/);

    // kubectl itself, where Debian's is installed, runs the plugin and lists the cluster's node through the local gateway.
    if (hasKubectl()) {
      const nodes = spawnSync('kubectl', ['--kubeconfig', file, 'get', 'nodes', '-o', 'name'], { encoding: 'utf8', timeout: 30_000, env: { PATH: process.env.PATH, HOME: home, ...XDG, KUBEMARKET_TOKEN: token } });
      expect(nodes.status, nodes.stderr).toBe(0);
      expect(nodes.stdout.trim().split('\n')).toHaveLength(1);
    }
  });

  it("logs in, saves an invoice's PDF, and says an API refusal with its code, request id and exit code 2", async () => {
    const alice = await apiToken({ path: '/api/login', body: { identifier: 'alice', password: 'KubeMarket-demo-2026' } }, ['billing:read', 'orders:read']);
    // `kubemarket login` checks the token and saves it (0600); the next commands run without KUBEMARKET_*.
    const login = await run('pnpm', ['-s', 'kubemarket', 'login', '--url', BASE_URL, '--token', alice], {});
    expect(login.code, login.stderr).toBe(0);
    expect(login.stderr).toContain('as alice (Acme Industries)');
    expect(statSync(join(XDG.XDG_CONFIG_HOME, 'kubemarket', 'config.json')).mode & 0o777).toBe(0o600);
    const saved = (...args: string[]) => run('pnpm', ['-s', 'kubemarket', ...args], {});
    const invoices = await saved('invoices', 'list', '-o', 'json');
    expect(invoices.code, invoices.stderr).toBe(0);
    const invoice = (JSON.parse(invoices.stdout) as Array<{ id: string; kind: string; number: string }>).find((item) => item.kind === 'invoice');
    expect(invoice?.number).toMatch(/^KM-\d{4}-\d{6}$/);
    const pdf = join(home, 'invoice.pdf');
    const download = await saved('invoices', 'download', invoice!.id, '-f', pdf);
    expect(download.code, download.stderr).toBe(0);
    expect(readFileSync(pdf).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const missing = await kubemarket(alice, 'orders', 'get', 'ord_does_not_exist');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/\(HTTP 404, code not_found, request id req_[a-z2-7]{26}\)/);
  });
});
