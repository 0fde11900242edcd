import type { webcrypto } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @peculiar/x509 needs the Reflect metadata API (as packages/api/src/platform/provisioner/pki.ts loads it).
import 'reflect-metadata';
import * as x509 from '@peculiar/x509';
import { createClient } from '@kubemarket/sdk';
import { startFakeApi, type FakeApi } from '@kubemarket/sdk/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stringify } from 'yaml';
import { execCredential, RENEW_BEFORE_MS } from './commands/kube.ts';
import { table } from './kit.ts';
import { clusterProgressReporter } from './progress.ts';
import { COMMANDS, EXIT, main } from './main.ts';

const TOKEN = 'kmt_cli_test_token';
const REQUEST_ID = 'req_abcdefghijklmnopqrstuvwxyz';
let api: FakeApi;
let home: string;
const saved = { ...process.env };

beforeEach(async () => {
  api = await startFakeApi();
  home = mkdtempSync(join(tmpdir(), 'kubemarket-cli-test-'));
  Object.assign(process.env, { XDG_CACHE_HOME: join(home, 'cache'), XDG_CONFIG_HOME: join(home, 'config'), KUBEMARKET_URL: api.url, KUBEMARKET_TOKEN: TOKEN });
});

afterEach(async () => {
  process.env = { ...saved };
  rmSync(home, { recursive: true, force: true });
  const problems = api.problems();
  await api.close();
  expect(problems).toEqual([]);
});

const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' };
const base64 = (text: string) => Buffer.from(text).toString('base64');

/** What POST /api/clusters/{id}/kubeconfig answers: a kubeconfig whose client certificate, signed by a CA of its own, lives until notAfter. */
async function issued(now: number, notAfter: number) {
  const caKeys = (await crypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
  const ca = await x509.X509CertificateGenerator.createSelfSigned({ serialNumber: '01', name: 'CN=web-ca', notBefore: new Date(now), notAfter: new Date(notAfter + 86_400_000), keys: caKeys, signingAlgorithm: ALGORITHM });
  const keys = (await crypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
  const certificate = await x509.X509CertificateGenerator.create({ serialNumber: '02', subject: 'CN=alice', issuer: ca.subject, notBefore: new Date(now), notAfter: new Date(notAfter), signingKey: caKeys.privateKey, publicKey: keys.publicKey, signingAlgorithm: ALGORITHM });
  const keyPem = x509.PemConverter.encode(await crypto.subtle.exportKey('pkcs8', keys.privateKey), 'PRIVATE KEY');
  const kubeconfig = stringify({
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [{ name: 'web', cluster: { server: 'https://127.0.0.1:6443', 'certificate-authority-data': base64(ca.toString('pem')) } }],
    users: [{ name: 'alice', user: { 'client-certificate-data': base64(certificate.toString('pem')), 'client-key-data': base64(keyPem) } }],
  });
  return { kubeconfig, expiresAt: notAfter, serialNumber: '02' };
}

describe('exec-credential', () => {
  it('issues a one-hour certificate, answers it from a 0600 cache, and renews it five minutes before it expires', async () => {
    const now = Math.floor(Date.now() / 1000) * 1000;
    const notAfter = now + 3_600_000;
    const request = { method: 'POST', url: '/api/clusters/clu_1/kubeconfig', headers: { authorization: `Bearer ${TOKEN}` }, body: { expiresInSeconds: 3600 } };
    api.expect({ ...request, answer: await issued(now, notAfter) });
    const client = createClient({ baseUrl: api.url, token: TOKEN });
    const first = await execCredential(client, api.url, 'clu_1', now);
    expect(first.fromCache).toBe(false);
    expect(first.credential.status.expirationTimestamp).toBe(new Date(notAfter).toISOString().replace('.000Z', 'Z'));
    const directory = join(home, 'cache', 'kubemarket', 'exec-credentials');
    expect(statSync(join(directory, readdirSync(directory)[0]!)).mode & 0o777).toBe(0o600);

    // Until five minutes before the end: the cache, no request (the fake would record one).
    expect(await execCredential(client, api.url, 'clu_1', notAfter - RENEW_BEFORE_MS - 1_000)).toEqual({ credential: first.credential, fromCache: true });
    // Inside the last five minutes: a new certificate.
    api.expect({ ...request, answer: await issued(now + 1_000, notAfter + 3_600_000) });
    const renewed = await execCredential(client, api.url, 'clu_1', notAfter - RENEW_BEFORE_MS + 1_000);
    expect(renewed.fromCache).toBe(false);
    expect(renewed.credential.status.clientCertificateData).not.toBe(first.credential.status.clientCertificateData);
  });
});

describe('exit codes and output', () => {
  const quiet = () => {
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    return { err, restore: () => (err.mockRestore(), out.mockRestore()) };
  };

  it('answers 2 for a refusal, 3 for a server error, 1 for a usage mistake, with the code and request id on stderr', async () => {
    api.expect(
      { method: 'GET', url: '/api/orders/ord_1', status: 404, answer: { message: 'Order not found.', code: 'not_found', requestId: REQUEST_ID } },
      { method: 'GET', url: '/api/orders/ord_2', status: 502, answer: { message: 'Gardener did not answer.', code: 'bad_gateway', requestId: REQUEST_ID } },
    );
    const { err, restore } = quiet();
    try {
      expect(await main(['orders', 'get', 'ord_1'])).toBe(EXIT.apiRefused);
      expect(String(err.mock.calls.at(-1)?.[0])).toContain(`Error: Order not found. (HTTP 404, code not_found, request id ${REQUEST_ID})`);
      expect(await main(['orders', 'get', 'ord_2'])).toBe(EXIT.serverOrNetwork);
      expect(await main(['orders', 'get'])).toBe(EXIT.usage);
      expect(await main(['clusters', 'list', '--colour'])).toBe(EXIT.usage);
      expect(await main(['clusters', 'delete', 'web'])).toBe(EXIT.usage);
    } finally {
      restore();
    }
  });

  it('draws --wait progress as one bar redrawn on a terminal, and as plain lines when each thing changes elsewhere', () => {
    const progress = (percent: number, step: number) => ({ status: 'provisioning' as const, operation: { type: 'provision', status: 'running' as const, progressPercent: percent, step: { key: `s${step}`, label: `Step ${step}`, index: step - 1, count: 4 }, remainingMs: 9_500, error: null } });
    const stream = (isTTY: boolean) => {
      const written: string[] = [];
      return { written, stream: { isTTY, columns: 200, write: (text: string) => written.push(text) } as unknown as NodeJS.WriteStream };
    };
    const terminal = stream(true);
    const bar = clusterProgressReporter(terminal.stream, 'web');
    bar.report(progress(25, 1));
    bar.report(progress(50, 2));
    bar.end();
    expect(terminal.written).toEqual([
      '\r\u001b[2K[######------------------]  25%  web provisioning · provision · Step 1 (1/4) · ~10 s left',
      '\r\u001b[2K[############------------]  50%  web provisioning · provision · Step 2 (2/4) · ~10 s left',
      '\n',
    ]);
    const pipe = stream(false);
    const lines = clusterProgressReporter(pipe.stream, 'web');
    for (const [percent, step] of [[25, 1], [25, 1], [50, 2]] as const) lines.report(progress(percent, step));
    lines.end();
    expect(pipe.written).toEqual(['web provisioning · provision · Step 1 (1/4) 25%\n', 'web provisioning · provision · Step 2 (2/4) 50%\n']);
  });

  it('aligns table columns under their headings', () => {
    const text = table([{ id: 'clu_1', name: 'web', upgrades: ['1.38.0', '1.38.1'] }, { id: 'clu_22', name: null, upgrades: [] }], [['id', (row) => row.id], ['name', (row) => row.name], ['upgrades', (row) => row.upgrades]]);
    expect(text).toBe('ID      NAME  UPGRADES\nclu_1   web   1.38.0,1.38.1\nclu_22  -     -\n');
  });
});

describe('budgets', () => {
  it('creates a budget on a cluster named, its thresholds as given, and lists budgets with their spend and alerts', async () => {
    const budget = { id: 'bdg_1', name: 'Web', scope: 'cluster', clusterId: 'clu_web', tierId: null, label: null, target: 'web', amountCents: 150_000, thresholds: [80, 100], hibernateOnReach: false, actualCents: 90_000, forecastCents: 160_000, actualPercent: 60, forecastPercent: 106, alerts: [{ thresholdPercent: 100, basis: 'forecast', spendCents: 160_000, budgetCents: 150_000, createdAt: 0 }], createdAt: 0, updatedAt: 0 };
    api.expect(
      { method: 'GET', url: '/api/clusters/clu_web', answer: { id: 'clu_web', name: 'web' } },
      { method: 'POST', url: '/api/budgets', body: { name: 'Web', scope: 'cluster', amountCents: 150_000, thresholds: [80, 100], clusterId: 'clu_web' }, status: 201, answer: budget },
      { method: 'GET', url: '/api/budgets', answer: { month: 0, budgets: [budget], choices: { clusters: [], tiers: [], labels: [] } } },
    );
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      expect(await main(['budgets', 'create', '--name', 'Web', '--amount', '1500', '--cluster', 'clu_web', '--thresholds', '80,100', '-o', 'json'])).toBe(EXIT.ok);
      expect(JSON.parse(String(out.mock.calls.at(-1)?.[0]))).toMatchObject({ id: 'bdg_1' });
      expect(await main(['budgets', 'list'])).toBe(EXIT.ok);
      expect(String(out.mock.calls.at(-1)?.[0])).toContain('web      €1500.00  €900.00 (60 %)  €1600.00 (106 %)  forecast 100 %');
      expect(await main(['budgets', 'create', '--name', 'X', '--amount', '10', '--thresholds', 'half'])).toBe(EXIT.usage);
      expect(err.mock.calls.map(([text]) => String(text)).join('')).toContain('--thresholds takes whole percents separated by commas');
    } finally {
      out.mockRestore();
      err.mockRestore();
    }
  });
});

describe('clusters costs', () => {
  it('prints a cluster named by its id per month: quoted, actual, forecast, difference and its lines', async () => {
    const month = (overrides: object) => ({ month: '2026-11', monthStart: 0, monthEnd: 0, current: false, hours: 720, quotedCents: 100_000, quotedMonthCents: 100_000, actualCents: 102_249, forecast: null, quotes: [], differenceCents: 2_249, lines: [{ key: 'autoscaling', label: 'Nodes above the quoted count (autoscaling)', detail: '', cents: 2_249 }], ...overrides });
    const costs = { clusterId: 'clu_web', clusterName: 'web', currency: 'EUR', quotes: [], months: [month({ month: '2026-12', current: true, forecast: { forecastCents: 130_000 } }), month({})] };
    api.expect({ method: 'GET', url: '/api/clusters/clu_web', answer: { id: 'clu_web', name: 'web' } }, { method: 'GET', url: '/api/clusters/clu_web/costs?months=2', answer: costs });
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      expect(await main(['clusters', 'costs', 'clu_web', '--months', '2'])).toBe(EXIT.ok);
      const lines = String(out.mock.calls.at(-1)?.[0]).trim().split('\n');
      expect(lines[0]).toMatch(/^MONTH +QUOTED +ACTUAL +FORECAST +DIFFERENCE +LINES$/);
      expect(lines[1]).toMatch(/^2026-12 +€1000\.00 +€1022\.49 +€1300\.00 +€22\.49 +Nodes above the quoted count \(autoscaling\) €22\.49$/);
      expect(lines[2]).toMatch(/^2026-11 +€1000\.00 +€1022\.49 +- +€22\.49 +Nodes above/);
    } finally {
      out.mockRestore();
    }
  });
});

describe('the API reference', () => {
  it('shows only commands the CLI has (x-cli), with options it takes', () => {
    // Written by `pnpm typecheck` (which `pnpm test` runs before this tier); generated here when absent.
    const file = join(import.meta.dirname, '../../sdk/openapi.json');
    if (!existsSync(file)) expect(spawnSync(process.execPath, [join(import.meta.dirname, '../../sdk/scripts/generate.mjs')]).status).toBe(0);
    const document = JSON.parse(readFileSync(file, 'utf8')) as { paths: Record<string, Record<string, { 'x-cli'?: string }>> };
    const shown = Object.values(document.paths).flatMap((operations) => Object.values(operations).flatMap((operation) => (operation['x-cli'] ? [operation['x-cli']] : [])));
    expect(shown.length).toBeGreaterThanOrEqual(10);
    for (const line of shown) {
      const words = line.split(' ');
      expect(words[0], line).toBe('kubemarket');
      const command = COMMANDS.find((candidate) => words.slice(1, 1 + candidate.name.split(' ').length).join(' ') === candidate.name);
      expect(command, line).toBeDefined();
      const options = Object.entries(command!.options ?? {});
      for (const [, flag] of line.matchAll(/(?:^| |\[)--([a-z-]+)/g)) expect(options.map(([name]) => name), `${line}: --${flag}`).toContain(flag);
      for (const [, flag] of line.matchAll(/(?:^| |\[)-([a-z])\b/g)) expect(options.map(([, spec]) => ('short' in spec ? spec.short : null)), `${line}: -${flag}`).toContain(flag);
    }
  });
});
