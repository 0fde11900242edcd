/**
 * The seven cloud connection pages against the fake providers (scripts/e2e.mjs starts them and
 * points the Worker at them with CLOUD_BASE_URLS; their credentials arrive in E2E_FAKE_CLOUDS):
 * a wrong secret is explained, and so is every other failure class on at least one page (missing
 * permission, unknown region, rate limiting, an unreachable provider, the timeout), good
 * credentials list the clusters, a save lists the connection without any secret, and /my-clusters
 * shows what a saved connection found. Each failure comes from credentials alone, checked by the
 * fake like any other: a key without the permission, a region the project is not in, a key its
 * provider is throttling or never answers, and (EKS) a role to assume through an STS that
 * scripts/lib/fake-clouds.mjs configures where nothing listens. The Worker's CLOUD_TIMEOUT_MS
 * (3 s) keeps the timeout short.
 */
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { openAsNewAccount } from './accounts';
import { seriousViolations } from './a11y';
import { it } from './fixtures';

type Provider = 'gke' | 'eks' | 'aks' | 'iks' | 'cce' | 'ack' | 'doks';
type CredentialSet = Record<string, string | string[]>;
/** `ok`, `denied` and `wrong` for every provider; `role` (EKS), `throttled` (AKS, ACK) and `unresponsive` (IKS) for some. */
type CredentialSets = Record<'ok' | 'denied' | 'wrong', CredentialSet> & Partial<Record<'role' | 'throttled' | 'unresponsive', CredentialSet>>;
const fakes = JSON.parse(process.env.E2E_FAKE_CLOUDS ?? 'null') as { credentials: Record<Provider, CredentialSets> } | null;

type FailureKind = 'missing_permission' | 'unknown_region' | 'rate_limited' | 'unreachable' | 'timeout';
/** A failure a page must explain, the credentials that provoke it at the fake provider, and what the provider's answer says. */
interface FailureCase {
  kind: FailureKind;
  credentials: (sets: CredentialSets) => CredentialSet;
  detail: RegExp;
}

const PAGES: Array<{ provider: Provider; path: string; badge: string; clusters: string[]; failures: FailureCase[] }> = [
  {
    provider: 'gke',
    path: '/gcp-cluster-test',
    badge: 'GKE',
    clusters: ['web-prod', 'batch'],
    failures: [{ kind: 'missing_permission', credentials: (sets) => sets.denied, detail: /Google Cloud accepted the credentials but refused to list clusters/ }],
  },
  {
    provider: 'eks',
    path: '/aws-eks-test',
    badge: 'EKS',
    clusters: ['eks-dublin', 'eks-virginia'],
    failures: [
      // A region name of the right form that AWS does not have.
      { kind: 'unknown_region', credentials: (sets) => ({ ...sets.ok, regions: ['eu-moon-1'] }), detail: /"eu-moon-1" is not an AWS region/ },
      // The role is assumed through STS, which this Worker's configuration puts where nothing listens.
      { kind: 'unreachable', credentials: (sets) => sets.role!, detail: /AWS could not be reached at 127\.0\.0\.1:\d+/ },
    ],
  },
  {
    provider: 'aks',
    path: '/azure-aks-test',
    badge: 'AKS',
    clusters: ['aks-prod'],
    failures: [
      { kind: 'rate_limited', credentials: (sets) => sets.throttled!, detail: /Azure is rate limiting these credentials.*Retry after 17 s\./ },
      { kind: 'missing_permission', credentials: (sets) => sets.denied, detail: /managedClusters\/read/ },
    ],
  },
  {
    provider: 'iks',
    path: '/ibm-iks-test',
    badge: 'IKS',
    clusters: ['iks-eu'],
    // The Worker's CLOUD_TIMEOUT_MS is 3 s (production: 10 s).
    failures: [{ kind: 'timeout', credentials: (sets) => sets.unresponsive!, detail: /IBM Cloud did not answer within 3 s\./ }],
  },
  {
    provider: 'cce',
    path: '/huawei-cce-test',
    badge: 'CCE',
    clusters: ['cce-sg'],
    // A region Huawei Cloud has, where the project is not: CCE answers 404 for the project there.
    failures: [{ kind: 'unknown_region', credentials: (sets) => ({ ...sets.ok, region: 'eu-west-101' }), detail: /no project [0-9a-f]{32} in eu-west-101/ }],
  },
  {
    provider: 'ack',
    path: '/alibaba-ack-test',
    badge: 'ACK',
    clusters: ['ack-fra', 'ack-hz'],
    failures: [
      { kind: 'rate_limited', credentials: (sets) => sets.throttled!, detail: /Alibaba Cloud is rate limiting these credentials: Request was denied due to user flow control/ },
      { kind: 'unknown_region', credentials: (sets) => ({ ...sets.ok, region: 'eu-moon-1' }), detail: /"eu-moon-1" is not an Alibaba Cloud region/ },
    ],
  },
  {
    provider: 'doks',
    path: '/digitalocean-doks-test',
    badge: 'DOKS',
    clusters: ['doks-ams'],
    failures: [{ kind: 'missing_permission', credentials: (sets) => sets.denied, detail: /kubernetes:read/ }],
  },
];
const SECRET_FIELDS = ['serviceAccountKey', 'secretAccessKey', 'clientSecret', 'apiKey', 'secretKey', 'accessKeySecret', 'token'];
const BAD_CREDENTIALS = 'The provider did not accept these credentials: the key is wrong, revoked or expired.';
/** What the page says for each failure class, the same words for every provider. */
const EXPLANATIONS: Record<FailureKind, string> = {
  missing_permission: 'The credentials are valid, but they are not allowed to list Kubernetes clusters.',
  unknown_region: 'The region (or subscription, or project) given does not exist for this provider.',
  rate_limited: 'The provider is limiting the number of calls right now; try again in a minute.',
  unreachable: "The provider's API could not be reached (connection refused or name not resolved).",
  timeout: 'The provider did not answer in time.',
};

/** The secret values of a credential set: for a GCP key file, the lines of its private key. */
function secretsOf(set: CredentialSet): string[] {
  return Object.entries(set)
    .filter(([name]) => SECRET_FIELDS.includes(name))
    .flatMap(([, value]) => {
      const text = String(value);
      if (!text.startsWith('{')) return [text];
      return (JSON.parse(text) as { private_key: string }).private_key.split('\n').filter((line) => line.length > 20 && !line.startsWith('-----'));
    });
}

/** Types a credential set into the form; a field the `previous` set filled and this one lacks is emptied. */
async function fill(page: Page, set: CredentialSet, previous: CredentialSet = {}) {
  for (const name of Object.keys(previous)) if (!(name in set)) await page.getByTestId(`credential-${name}`).fill('');
  for (const [name, value] of Object.entries(set)) {
    await page.getByTestId(`credential-${name}`).fill(Array.isArray(value) ? value.join(', ') : value);
  }
}

describe('cloud connection pages', () => {
  it('has the fake providers configured by scripts/e2e.mjs', () => {
    expect(fakes?.credentials.eks.ok).toBeDefined();
  });

  it('explains every failure class on at least one page, and at least one on every page', () => {
    const kinds = new Set(PAGES.flatMap((entry) => entry.failures.map((failure) => failure.kind)));
    expect([...kinds].sort()).toEqual(Object.keys(EXPLANATIONS).sort());
    for (const entry of PAGES) expect(entry.failures.length).toBeGreaterThan(0);
  });

  for (const { provider, path, badge, clusters, failures } of PAGES) {
    it(`${path}: explains a wrong secret and ${failures.map((failure) => failure.kind.replace('_', ' ')).join(', ')}, lists the clusters, saves without showing a secret`, { timeout: 90_000 }, async ({ page, pageErrors }) => {
      const credentials = fakes!.credentials[provider];
      await openAsNewAccount(page, path);
      await page.getByTestId('least-privilege').waitFor();

      // A wrong secret: the provider's refusal, explained, announced to screen readers.
      await fill(page, credentials.wrong);
      await page.getByRole('button', { name: 'Test connection' }).click();
      const failure = page.getByTestId('test-failure');
      await failure.waitFor();
      expect(await failure.getAttribute('role')).toBe('alert');
      // The text with the kind, so a failure here says what the provider answered.
      expect({ kind: await failure.getAttribute('data-kind'), text: await failure.textContent() }).toMatchObject({ kind: 'bad_credentials', text: expect.stringContaining(BAD_CREDENTIALS) });
      expect(await seriousViolations(page)).toEqual([]);

      // The page's other failure classes: each explained in the same words for every provider, with
      // the provider's own answer below, and no secret of the credentials tried.
      let previous = credentials.wrong;
      for (const { kind, credentials: pick, detail } of failures) {
        const set = pick(credentials);
        await fill(page, set, previous);
        previous = set;
        await page.getByRole('button', { name: 'Test connection' }).click();
        const explained = page.locator(`[data-testid="test-failure"][data-kind="${kind}"]`);
        await explained.waitFor();
        expect(await explained.getAttribute('role')).toBe('alert');
        const text = (await explained.textContent()) ?? '';
        expect(text).toContain(EXPLANATIONS[kind]);
        expect(text).toMatch(detail);
        for (const secret of secretsOf(set)) expect(text).not.toContain(secret);
      }

      // Good credentials: each cluster with region, version, nodes and status, and the time taken.
      await fill(page, credentials.ok, previous);
      await page.getByRole('button', { name: 'Test connection' }).click();
      const found = page.getByTestId('test-clusters');
      await found.waitFor();
      for (const name of clusters) await page.getByRole('row', { name: new RegExp(`^${name}\\b`) }).waitFor();
      expect(await page.getByRole('row').filter({ hasText: clusters[0]! }).first().textContent()).toMatch(/\d+\.\d+/);
      expect(await page.getByTestId('test-took').textContent()).toMatch(/^\d+(\.\d)? m?s$/);
      expect(await page.getByTestId('saved-connections').count()).toBe(0);

      // Save: listed with its hint, and no secret anywhere on the page (inputs included).
      await page.getByTestId('connection-name').fill(`${badge} production`);
      await page.getByRole('button', { name: 'Save connection' }).click();
      const saved = page.getByTestId('saved-connection');
      await saved.waitFor();
      expect(await saved.textContent()).toContain(`${badge} production`);
      expect(await saved.textContent()).toContain('Working');
      const html = await page.content();
      const inputs = await page.locator('input, textarea').evaluateAll((elements) => elements.map((element) => (element as HTMLInputElement).value).join('\n'));
      for (const secret of secretsOf(credentials.ok)) {
        expect(html).not.toContain(secret);
        expect(inputs).not.toContain(secret);
      }
      expect(await seriousViolations(page)).toEqual([]);
      expect(pageErrors.map((error) => error.message)).toEqual([]);
    });
  }

  it('/my-clusters shows the clusters of a saved EKS connection, read-only with a provider badge, and refreshes them', { timeout: 90_000 }, async ({ page }) => {
    const credentials = fakes!.credentials.eks;
    await openAsNewAccount(page, '/my-clusters');
    await page.getByTestId('clusters-range').or(page.getByTestId('clusters-empty')).first().waitFor();
    // Nothing about other clouds until a connection exists.
    expect(await page.getByRole('heading', { name: 'Clusters at other clouds' }).count()).toBe(0);

    await page.goto('/aws-eks-test');
    await fill(page, credentials.ok);
    await page.getByTestId('connection-name').fill('AWS production');
    await page.getByRole('button', { name: 'Save connection' }).click();
    await page.getByTestId('saved-connection').waitFor();

    await page.goto('/my-clusters');
    await page.getByRole('heading', { name: 'Clusters at other clouds' }).waitFor();
    const table = page.getByTestId('external-clusters');
    await table.waitFor();
    expect(await page.getByTestId('external-clusters-count').textContent()).toBe('2 clusters at other clouds');
    const dublin = page.getByTestId('external-cluster').filter({ hasText: 'eks-dublin' });
    expect(await dublin.textContent()).toContain('EKS');
    expect(await dublin.textContent()).toContain('eu-west-1');
    expect(await dublin.textContent()).toContain('AWS production');
    // Read-only: no link or action on an external cluster.
    expect(await table.locator('a, button').count()).toBe(0);

    await page.getByTestId('refresh-external-clusters').click();
    await expect.poll(async () => page.getByTestId('refresh-external-clusters').getAttribute('data-loading')).toBeNull();
    expect(await page.getByTestId('external-cluster').count()).toBe(2);
    expect(await seriousViolations(page)).toEqual([]);

    // Tested again with the stored credentials, then deleted (after a confirmation) with its clusters.
    await page.goto('/aws-eks-test');
    await page.getByRole('button', { name: 'Test again: AWS production' }).click();
    await page.getByTestId('saved-test-result').getByTestId('test-clusters').waitFor();
    await page.getByRole('button', { name: 'Delete AWS production' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this connection?' });
    expect(await confirm.textContent()).toContain('2 external clusters');
    await confirm.getByRole('button', { name: 'Delete connection' }).click();
    await page.getByTestId('no-connections').waitFor();
    await page.goto('/my-clusters');
    await page.getByTestId('clusters-range').or(page.getByTestId('clusters-empty')).first().waitFor();
    await expect.poll(() => page.getByRole('heading', { name: 'Clusters at other clouds' }).count()).toBe(0);
  });
});
