import { readFile } from 'node:fs/promises';
import type { Page, Request } from 'playwright-core';
import { describe, expect } from 'vitest';
import { openAsDemoAccount, openAsNewAccount, signInAsDemoAccount, signInAsNewAccount } from './accounts';
import { cookieChoiceMade, rejectCookies } from './auth-helpers';
import { seriousViolations } from './a11y';
import { it, OPERATION, POLL } from './fixtures';
import { api, choose, fillCard, newAccountWithPaidCluster, orderAndPayCluster, uniqueName } from './order-helpers';
import { installPageClock, isTrpcCall, runPageTimers } from './settle';

// The cluster console (issue 12): /my-clusters, a cluster's tabs, its topology, and the operations
// a member runs on a cluster of their own, watched live. Acme's seeded clusters are only read
// (the dashboard test counts them); every change is made on a cluster a new organisation orders.

const BILLING = { companyName: 'E2E Clusters SAS', countryCode: 'FR', addressLine1: '8 rue de la Paix', postalCode: '75002', city: 'Paris' };

interface ClusterSummary {
  id: string;
  name: string;
  status: string;
  nodeCount: number;
  readyNodes: number;
  monthlyCents: number;
  deletedAt: number | null;
}

interface ClusterPage {
  items: ClusterSummary[];
  total: number;
}

interface ClusterDetail extends ClusterSummary {
  endpoint: string | null;
  apiServer: { url: string; tlsServerName: string | null } | null;
  kubernetesVersion: string;
  nodePools: { id: string; name: string; count: number; flavor: { id: string; monthlyPriceCents: number } }[];
  nodes: { name: string; status: string }[];
  addons: { id: string }[];
  availableUpgrades: string[];
  hibernation: { supported: boolean; schedules: { start: string | null; end: string | null }[]; timezone: string };
  lastOperation: { id: string; type: string; status: string; steps: { label: string; status: string }[] } | null;
}

interface EventPage {
  items: { type: string; actor: { name: string } | null }[];
  page: number;
  pageSize: number;
  total: number;
  asOf: number;
}

function rowIds(page: Page): Promise<string[]> {
  return page.getByTestId('cluster-row').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-cluster-id') ?? ''));
}

/** The HTTP reads of a tRPC procedure (alone or in a batch) the page makes. */
function countReads(page: Page, procedure: string): { readonly count: number } {
  const reads: Request[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/trpc/') && decodeURIComponent(url.pathname).split(',').some((path) => path.endsWith(procedure))) reads.push(request);
  });
  return {
    get count() {
      return reads.length;
    },
  };
}

/** The cluster_progress messages the page's sockets receive, with the reads of the list, in arrival order. */
type Happening = { kind: 'progress'; clusterId: string; clusterStatus: string; operation: { type: string; status: string } } | { kind: 'list-read' };

function recordProgressAndListReads(page: Page): Happening[] {
  const log: Happening[] = [];
  page.on('websocket', (socket) => {
    socket.on('framereceived', ({ payload }) => {
      if (typeof payload !== 'string' || !payload.includes('"cluster_progress"')) return;
      const message = JSON.parse(payload) as Omit<Extract<Happening, { kind: 'progress' }>, 'kind'> & { type: string };
      if (message.type === 'cluster_progress') log.push({ kind: 'progress', clusterId: message.clusterId, clusterStatus: message.clusterStatus, operation: message.operation });
    });
  });
  page.on('request', (request) => {
    if (isTrpcCall(request.url(), 'clusters.list')) log.push({ kind: 'list-read' });
  });
  return log;
}

/** A Dev/Test cluster of one node, ordered and paid over REST by the signed-in member of a new organisation. */
async function orderCluster(page: Page, name: string): Promise<string> {
  return (await orderAndPayCluster(page, { name, tierId: 'tier_devtest', flavorId: 'gp-2-8', count: 1, billing: BILLING })).clusterId;
}

describe("the organisation's clusters", () => {
  it('lists the clusters searched, filtered, sorted and paginated by the server, with the choices in the address', { timeout: 90_000 }, async ({ page, pageErrors }) => {
    await openAsDemoAccount(page, 'alice', '/my-clusters?pageSize=2');
    expect(await page.getByTestId('page-title').textContent()).toBe('My Clusters');

    const first = await api<ClusterPage>(page, 'GET', '/api/clusters?pageSize=2');
    expect(first.total).toBeGreaterThanOrEqual(3);
    await expect.poll(() => rowIds(page), POLL).toEqual(first.items.map((item) => item.id));
    // Cost and nodes as the server counts them; a deleted cluster costs nothing any more.
    for (const item of first.items) {
      const row = page.locator(`[data-testid="cluster-row"][data-cluster-id="${item.id}"]`);
      expect(Number(await row.getByTestId('cluster-cost').getAttribute('data-cents'))).toBe(item.deletedAt === null ? item.monthlyCents : 0);
      expect(await row.getByTestId('cluster-nodes').getAttribute('data-ready')).toBe(String(item.readyNodes));
      expect(await row.getByTestId('cluster-nodes').getAttribute('data-wanted')).toBe(String(item.nodeCount));
      expect(await row.getByTestId('cluster-status').getAttribute('data-status')).toBe(item.status);
    }
    expect(await page.getByTestId('clusters-range').textContent()).toContain(`of ${first.total}`);

    await page.getByTestId('clusters-pagination').getByRole('button', { name: 'Next page' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2' && url.searchParams.get('pageSize') === '2');
    const second = await api<ClusterPage>(page, 'GET', '/api/clusters?pageSize=2&page=2');
    await expect.poll(() => rowIds(page), POLL).toEqual(second.items.map((item) => item.id));

    // A new sort goes back to the first page.
    await choose(page, page, 'Sort by', 'Name (A to Z)');
    await page.waitForURL((url) => url.searchParams.get('sort') === 'name' && !url.searchParams.has('page'));
    const byName = await api<ClusterPage>(page, 'GET', '/api/clusters?pageSize=2&sort=name');
    await expect.poll(() => rowIds(page), POLL).toEqual(byName.items.map((item) => item.id));

    await choose(page, page, 'Rows per page', '10');
    await choose(page, page, 'Tier', 'Dev/Test (Orange)');
    await page.waitForURL((url) => url.searchParams.get('tier') === 'tier_devtest' && url.searchParams.get('pageSize') === '10');
    const devtest = await api<ClusterPage>(page, 'GET', '/api/clusters?tierId=tier_devtest&sort=name');
    expect(devtest.items.map((item) => item.id)).toContain('clu_demo_staging');
    await expect.poll(() => rowIds(page), POLL).toEqual(devtest.items.map((item) => item.id));
    await choose(page, page, 'Tier', 'All tiers');
    await page.waitForURL((url) => !url.searchParams.has('tier'));

    // A search narrows the list on the server; the address keeps it across a reload.
    await page.getByTestId('clusters-search').fill('webshop');
    await page.waitForURL((url) => url.searchParams.get('q') === 'webshop', POLL);
    await expect.poll(() => rowIds(page), POLL).toEqual(['clu_demo_webshop']);
    await page.reload();
    await expect.poll(() => rowIds(page), POLL).toEqual(['clu_demo_webshop']);
    expect(await page.getByTestId('clusters-search').inputValue()).toBe('webshop');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByTestId('cluster-link').first().click();
    await page.waitForURL((url) => url.pathname === '/clusters/clu_demo_webshop');
    await page.getByTestId('page-title').getByText('webshop-prod').waitFor(POLL);
    expect(pageErrors).toEqual([]);
  });

  it('opens every tab of a cluster from its address, its live topology, and a not-found message for an unknown id', { timeout: 120_000 }, async ({ page, pageErrors }) => {
    await signInAsDemoAccount(page, 'alice');
    const detail = await api<ClusterDetail>(page, 'GET', '/api/clusters/clu_demo_staging');
    expect(detail.hibernation.supported).toBe(true);
    await page.goto('/clusters/clu_demo_staging');
    await rejectCookies(page);

    await page.getByTestId('page-title').getByText('staging').waitFor(POLL);
    expect(await page.getByTestId('overview-version').textContent()).toBe(detail.kubernetesVersion);
    if (detail.endpoint) expect(await page.getByTestId('overview-endpoint').textContent()).toContain(detail.endpoint);
    await page.getByTestId('overview-monthly-cost').waitFor();
    await page.getByTestId('overview-cost-so-far').waitFor();
    expect(await page.getByTestId('danger-zone').count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);

    const tab = async (name: string) => {
      await page.getByTestId(`tab-${name}`).click();
      await page.waitForURL((url) => url.searchParams.get('tab') === name);
    };

    await tab('pools');
    await expect.poll(() => page.getByTestId('pool-row').count(), POLL).toBe(detail.nodePools.length);
    expect(await page.getByRole('table', { name: 'Node pools of staging' }).count()).toBe(1);

    await tab('nodes');
    await expect.poll(() => page.getByTestId('node-row').count(), POLL).toBe(detail.nodes.length);
    if (detail.nodes.length > 0) {
      const bar = page.getByRole('progressbar', { name: `CPU use of ${detail.nodes[0]!.name}` });
      if ((await bar.count()) > 0) expect(await bar.getAttribute('aria-valuenow')).toMatch(/^\d+$/);
    }
    expect(await seriousViolations(page)).toEqual([]);

    await tab('upgrades');
    expect(await page.getByTestId('current-version').textContent()).toContain(detail.kubernetesVersion);
    if (detail.availableUpgrades.length > 0) {
      const offered = await page.getByTestId('upgrade-versions').getByRole('radio').evaluateAll((radios) => radios.map((radio) => (radio as HTMLInputElement).value));
      expect(offered).toEqual(detail.availableUpgrades);
    } else {
      await page.getByTestId('no-upgrades').waitFor();
    }

    await tab('maintenance');
    await page.getByTestId('maintenance-current').waitFor();
    await tab('addons');
    if (detail.addons.length > 0) await expect.poll(() => page.getByTestId('addon-row').count(), POLL).toBe(detail.addons.length);
    else await page.getByTestId('addons-empty').waitFor();
    // What the cluster can still add, each priced or with the reason it cannot (its tier, its version).
    await expect.poll(() => page.getByTestId('addon-offer').count(), POLL).toBeGreaterThan(0);

    await tab('hibernation');
    await page.getByTestId('hibernation-hours').waitFor();
    await page.getByTestId('hibernation-saved').waitFor();
    expect(await page.getByTestId('hibernation-timezone').inputValue()).toBe(detail.hibernation.timezone);
    expect(await seriousViolations(page)).toEqual([]);

    await tab('access');
    await page.getByTestId('kubeconfig-download').waitFor();
    expect(await page.getByRole('combobox', { name: 'Valid for' }).inputValue()).toBe('7 days');
    expect(await seriousViolations(page)).toEqual([]);

    await tab('activity');
    const events = await api<EventPage>(page, 'GET', '/api/clusters/clu_demo_staging/events?pageSize=25');
    expect(events.items.length).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('activity-event').count(), POLL).toBe(events.items.length);
    const actors = await page.getByTestId('activity-actor').allTextContents();
    expect(actors).toEqual(events.items.map((event) => event.actor?.name ?? 'KubeMarket'));
    if (events.total > events.items.length) {
      const older = await api<EventPage>(page, 'GET', `/api/clusters/clu_demo_staging/events?pageSize=25&page=2&asOf=${events.asOf}`);
      await page.getByTestId('activity-load-older').click();
      await expect.poll(() => page.getByTestId('activity-event').count(), POLL).toBe(events.items.length + older.items.length);
    }
    expect(await seriousViolations(page)).toEqual([]);

    // The same page under /cluster-detail/{id}, straight on a tab.
    await page.goto('/cluster-detail/clu_demo_staging?tab=nodes');
    await page.getByTestId('page-title').getByText('staging').waitFor(POLL);
    await expect.poll(() => page.getByTestId('node-row').count(), POLL).toBe(detail.nodes.length);
    expect(await page.getByTestId('tab-nodes').getAttribute('aria-selected')).toBe('true');

    // The topology, drawn from the cluster: a card per node in its zone.
    await page.goto('/clusters/clu_demo_staging');
    await page.getByTestId('topology-link').click();
    await page.waitForURL((url) => url.pathname === '/clusters/clu_demo_staging/topology');
    await page.getByTestId('page-title').getByText('Topology of staging').waitFor(POLL);
    await page.getByTestId('topology-node').first().waitFor(POLL);
    const workers = await page.locator('[data-testid="topology-component-row"][data-kind="node-pool"]').count();
    expect(workers).toBe(detail.nodes.length > 0 ? detail.nodes.length : detail.nodePools.length);
    expect(await page.locator('[data-testid="topology-component-row"][data-kind="control-plane"]').count()).toBeGreaterThanOrEqual(1);
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/clusters/clu_does_not_exist');
    await page.getByTestId('cluster-not-found').getByText('No cluster with this id in your organisation.').waitFor(POLL);
    expect(await page.getByTestId('page-title').textContent()).toBe('Cluster not found');
    await page.getByRole('link', { name: 'Back to My Clusters' }).click();
    await page.waitForURL((url) => url.pathname === '/my-clusters');
    expect(pageErrors).toEqual([]);
  });

  it('shows a viewer the clusters and every tab without any action that changes them', { timeout: 90_000 }, async ({ page, pageErrors }) => {
    await openAsDemoAccount(page, 'vera', '/my-clusters');
    await page.getByTestId('cluster-row').first().waitFor(POLL);
    expect(await page.getByTestId('configure-cluster-link').count()).toBe(0);

    const writeActions = ['delete-cluster', 'add-pool', 'scale-pool', 'remove-pool', 'upgrade-cluster', 'maintenance-save', 'remove-addon', 'hibernate-now', 'wake-now', 'hibernation-save', 'preset-weeknights', 'kubeconfig-download', 'revoke-credentials', 'operation-retry'];
    const visibleActions = async () => {
      const found: string[] = [];
      for (const id of writeActions) if ((await page.getByTestId(id).count()) > 0) found.push(id);
      return found;
    };

    await page.goto('/clusters/clu_demo_staging');
    await page.getByTestId('read-only-notice').waitFor(POLL);
    for (const name of ['overview', 'pools', 'nodes', 'upgrades', 'maintenance', 'addons', 'hibernation', 'access', 'activity']) {
      await page.getByTestId(`tab-${name}`).click();
      await page.waitForURL((url) => (name === 'overview' ? !url.searchParams.has('tab') : url.searchParams.get('tab') === name));
      await page.getByRole('tabpanel').waitFor();
      expect(await visibleActions(), `write actions on the ${name} tab`).toEqual([]);
    }
    await page.getByTestId('tab-access').click();
    await page.getByTestId('kubeconfig-not-allowed').waitFor();
    await page.getByTestId('tab-maintenance').click();
    expect(await page.getByRole('combobox', { name: 'Day' }).isDisabled()).toBe(true);
    expect(pageErrors).toEqual([]);
  });
});

describe('operating a cluster of your own', () => {
  it(
    'follows a new cluster live on /my-clusters, downloads a kubeconfig, scales a pool priced before confirming, adds one, sets hibernation and deletes the cluster by its name',
    { timeout: 300_000 },
    async ({ page, pageErrors }) => {
      // The page's timers run on a clock this test moves on to check that nothing polls.
      await installPageClock(page);
      // From the first load: the page opens its socket once.
      const happenings = recordProgressAndListReads(page);
      await openAsNewAccount(page, '/my-clusters');
      await page.getByTestId('clusters-empty').waitFor(POLL);
      expect(await page.getByTestId('clusters-empty').getByTestId('configure-cluster-link').getAttribute('href')).toBe('/configure-cluster');
      expect(await seriousViolations(page)).toEqual([]);

      // Ordered while the list is open: the row appears and turns running over the socket.
      const listReads = countReads(page, 'clusters.list');
      const detailReads = countReads(page, 'clusters.get');
      const name = uniqueName('e2e-console');
      const clusterId = await orderCluster(page, name);
      const row = page.locator(`[data-testid="cluster-row"][data-cluster-id="${clusterId}"]`);
      await row.waitFor(POLL);
      await expect.poll(() => row.getAttribute('data-status'), OPERATION).toBe('running');
      await expect.poll(() => row.getByTestId('cluster-nodes').getAttribute('data-ready'), POLL).toBe('1');
      // The row can show the last step before the read that step causes has been sent (a loaded
      // machine): the message that ended the provisioning makes the list be read once, and once
      // that read is out, nothing reads the list again, however long the page stays open.
      const readAfterEnd = () => {
        const end = happenings.findLastIndex(
          (entry) => entry.kind === 'progress' && entry.clusterId === clusterId && entry.operation.type === 'provision' && entry.operation.status === 'succeeded',
        );
        return end >= 0 && happenings.slice(end + 1).some((entry) => entry.kind === 'list-read');
      };
      await expect.poll(readAfterEnd, POLL).toBe(true);
      const readsWhenRunning = listReads.count;
      await runPageTimers(page, 3_000);
      expect(listReads.count, 'the list is not polled').toBe(readsWhenRunning);

      await row.getByTestId('cluster-link').click();
      await page.waitForURL((url) => url.pathname === `/clusters/${clusterId}`);
      await page.locator('[data-testid="overview-status"] [data-status="running"]').waitFor(POLL);
      const before = await api<ClusterDetail>(page, 'GET', `/api/clusters/${clusterId}`);
      const pool = before.nodePools[0]!;

      // A kubeconfig valid one day, saved as <cluster>-kubeconfig.yaml and shown once with its expiry.
      await page.getByTestId('tab-access').click();
      await choose(page, page, 'Valid for', '1 day');
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('kubeconfig-download').click()]);
      expect(download.suggestedFilename()).toBe(`${name}-kubeconfig.yaml`);
      const yaml = await readFile((await download.path())!, 'utf8');
      expect(yaml).toMatch(/^apiVersion: v1$/m);
      expect(yaml).toMatch(/^kind: Config$/m);
      // It reaches the cluster where its API server answers: the local API gateway (ADR 32), by the endpoint's name.
      expect(yaml.split('\n').map((line) => line.trim())).toEqual(expect.arrayContaining([`server: ${before.apiServer!.url}`, `tls-server-name: ${new URL(before.endpoint!).hostname}`]));
      await page.getByTestId('kubeconfig-issued').waitFor();
      expect(await page.getByTestId('kubeconfig-yaml').textContent()).toBe(yaml);
      const issued = await api<EventPage>(page, 'GET', `/api/clusters/${clusterId}/events?pageSize=5`);
      expect(issued.items[0]?.type).toBe('kubeconfig_issued');
      await page.getByTestId('revoke-credentials').click();
      await page.getByTestId('revoke-modal').getByTestId('revoke-confirm').click();
      // Done once its answer is in: the toast says so and the dialog closes. (Not 'revoke-modal'
      // hidden: that test id is on Mantine's root, in the page open or closed and with no height of
      // its own, so it counts as hidden at once and the events were read before the revocation.)
      await page.getByTestId('toast-region').getByRole('alert').filter({ hasText: 'Credentials revoked' }).waitFor(POLL);
      await page.getByTestId('revoke-confirm').waitFor({ state: 'detached', ...POLL });
      const revoked = await api<EventPage>(page, 'GET', `/api/clusters/${clusterId}/events?pageSize=5`);
      expect(revoked.items[0]?.type).toBe('credentials_revoked');

      // Scaling to two nodes shows the new monthly price before it is confirmed, then the node joins live.
      await page.getByTestId('tab-pools').click();
      await page.getByTestId('scale-pool').click();
      const scale = page.getByTestId('scale-pool-modal');
      await scale.getByRole('textbox', { name: 'Nodes' }).fill('2');
      const priced = scale.getByTestId('price-change');
      await priced.waitFor(POLL);
      expect(Number(await priced.getByTestId('price-old').getAttribute('data-cents'))).toBe(before.monthlyCents);
      const newPrice = Number(await priced.getByTestId('price-new').getAttribute('data-cents'));
      expect(newPrice).toBe(before.monthlyCents + pool.flavor.monthlyPriceCents);
      expect(Number(await priced.getByTestId('price-delta').getAttribute('data-cents'))).toBe(pool.flavor.monthlyPriceCents);
      expect(await seriousViolations(page)).toEqual([]);
      await scale.getByTestId('scale-confirm').click();
      await scale.waitFor({ state: 'detached', ...POLL });
      const poolRow = page.locator(`[data-testid="pool-row"][data-pool-id="${pool.id}"]`);
      await expect.poll(() => poolRow.getByTestId('pool-nodes').textContent(), OPERATION).toBe('2 of 2');
      const scaled = await api<ClusterDetail>(page, 'GET', `/api/clusters/${clusterId}`);
      expect(scaled.monthlyCents).toBe(newPrice);
      await page.getByTestId('tab-nodes').click();
      await expect.poll(() => page.locator('[data-testid="node-row"][data-status="ready"]').count(), POLL).toBe(2);

      // A second pool, priced the same way.
      await page.getByTestId('tab-pools').click();
      await page.locator('[data-testid="pool-row"]').first().waitFor();
      await expect.poll(() => page.getByTestId('add-pool').isEnabled(), OPERATION).toBe(true);
      await page.getByTestId('add-pool').click();
      const add = page.getByTestId('add-pool-modal');
      await add.getByTestId('pool-name').fill('batch');
      await choose(page, add, 'Node flavour', 'General purpose 4 vCPU, 16 GB');
      await add.getByTestId('price-change').waitFor(POLL);
      const withBatch = Number(await add.getByTestId('price-new').getAttribute('data-cents'));
      expect(withBatch).toBeGreaterThan(newPrice);
      await add.getByTestId('add-pool-confirm').click();
      await add.waitFor({ state: 'detached', ...POLL });
      await expect.poll(() => page.getByTestId('pool-row').count(), POLL).toBe(2);
      await expect.poll(() => page.locator('[data-testid="pool-row"][data-pool-name="batch"]').getByTestId('pool-nodes').textContent(), OPERATION).toBe('1 of 1');
      expect((await api<ClusterDetail>(page, 'GET', `/api/clusters/${clusterId}`)).monthlyCents).toBe(withBatch);

      // Weeknights and weekends, in the organisation's time zone.
      await page.getByTestId('tab-hibernation').click();
      await page.getByTestId('preset-weeknights').click();
      await page.getByTestId('preset-weekends').click();
      expect(await page.getByTestId('hibernation-period').count()).toBe(2);
      await page.getByTestId('hibernation-save').click();
      await expect.poll(async () => (await api<ClusterDetail>(page, 'GET', `/api/clusters/${clusterId}`)).hibernation.schedules.length, POLL).toBeGreaterThan(0);
      expect(await seriousViolations(page)).toEqual([]);

      // An upgrade says what happens in which order before it starts, then runs live.
      const current = await api<ClusterDetail>(page, 'GET', `/api/clusters/${clusterId}`);
      expect(current.availableUpgrades.length).toBeGreaterThan(0);
      const target = current.availableUpgrades[0]!;
      await page.getByTestId('tab-upgrades').click();
      await page.getByRole('radio', { name: target }).check();
      await page.getByTestId('upgrade-cluster').click();
      const upgrade = page.getByTestId('upgrade-modal');
      const order = await upgrade.getByRole('listitem').allTextContents();
      expect(order[0]).toMatch(/^The control plane is upgraded/);
      expect(order[1]).toMatch(/^Then each node pool \(pool-1, batch\)/);
      await upgrade.getByTestId('upgrade-confirm').click();
      await upgrade.waitFor({ state: 'detached', ...POLL });
      await expect.poll(() => page.getByTestId('current-version').textContent(), OPERATION).toContain(`Kubernetes ${target};`);
      expect((await api<ClusterDetail>(page, 'GET', `/api/clusters/${clusterId}`)).kubernetesVersion).toBe(target);

      // Deleted by typing its exact name; the deprovisioning is shown live until it is deleted.
      await page.getByTestId('tab-overview').click();
      await expect.poll(() => page.getByTestId('delete-cluster').isEnabled(), OPERATION).toBe(true);
      await page.getByTestId('delete-cluster').click();
      const modal = page.getByTestId('delete-cluster-modal');
      await modal.getByTestId('delete-confirm-name').fill(name.slice(0, -1));
      expect(await modal.getByTestId('delete-confirm').isDisabled()).toBe(true);
      await modal.getByTestId('delete-confirm-name').fill(name);
      // At the tests' speed a deletion takes about a second: what the screen shows is recorded as it changes.
      await page.evaluate(() => {
        const seen: string[] = [];
        Object.assign(window, { deletionSteps: seen, deletionDocument: 'watched' });
        new MutationObserver(() => {
          const progress = document.querySelector('[data-testid="operation-progress"]');
          if (!progress) return;
          const steps = [...progress.querySelectorAll('[data-testid="operation-step"]')].map((step) => step.getAttribute('data-status')).join(',');
          const entry = `${progress.getAttribute('data-operation-status')}:${steps}`;
          if (seen.at(-1) !== entry) seen.push(entry);
        }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-status', 'data-operation-status'] });
      });
      await modal.getByTestId('delete-confirm').click();
      // The dialog closes at once; Mantine keeps a closed modal's hidden frame, which goes with the
      // danger zone once the cluster is deleted (next): under CI's load that took longer than POLL.
      await modal.waitFor({ state: 'hidden', ...POLL });
      await page.locator('[data-testid="overview-status"] [data-status="deleted"]').waitFor(OPERATION);
      await modal.waitFor({ state: 'detached', ...POLL });
      await page.locator('[data-testid="operation-progress"][data-operation-status="succeeded"]').waitFor(POLL);
      expect(await page.getByTestId('operation-step').count()).toBeGreaterThan(1);
      expect(await page.locator('[data-testid="operation-step"]:not([data-status="succeeded"])').count()).toBe(0);
      const shown = await page.evaluate(() => (window as unknown as { deletionSteps: string[]; deletionDocument?: string }).deletionSteps);
      console.log(`deletion as shown: ${shown.join(' | ')}`);
      // The steps were shown running and then done, on this same document.
      expect(shown[0]).toMatch(/^running:/);
      expect(shown.filter((entry) => entry.startsWith('running:')).length).toBeGreaterThan(1);
      expect(shown.at(-1)).toMatch(/^succeeded:(succeeded,)*succeeded$/);
      expect(await page.evaluate(() => (window as unknown as { deletionDocument?: string }).deletionDocument)).toBe('watched');
      expect((await api<ClusterDetail>(page, 'GET', `/api/clusters/${clusterId}`)).status).toBe('deleted');
      // Nothing polls the cluster once it is gone.
      const settled = detailReads.count;
      await runPageTimers(page, 3_000);
      expect(detailReads.count).toBe(settled);
      expect(pageErrors).toEqual([]);
    },
  );

  it('orders add-ons for a running cluster from its Add-ons tab: priced, paid at checkout, installed by its operator step by step, listed on /add-ons', { timeout: 180_000 }, async ({ page, pageErrors }) => {
    const { name, clusterId } = await newAccountWithPaidCluster(page, 'e2e-addons', { tierId: 'tier_standard', flavorId: 'gp-4-16', count: 1, billing: BILLING });
    await expect.poll(async () => (await api<ClusterDetail>(page, 'GET', `/api/clusters/${clusterId}`)).status, OPERATION).toBe('running');

    await page.goto(`/clusters/${clusterId}?tab=addons`);
    await rejectCookies(page);
    await page.getByTestId('addons-empty').waitFor(POLL);
    // Grafana Loki requires Prometheus and Grafana: its order brings that along, and says so.
    const loki = page.locator('[data-testid="addon-offer"][data-addon-id="addon_logging"]');
    await loki.getByText('With Prometheus and Grafana, which it requires.').waitFor(POLL);
    expect(await loki.getByTestId('order-addon').isEnabled()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await loki.getByTestId('order-addon').click();
    const modal = page.getByRole('dialog', { name: `Order Prometheus and Grafana and Grafana Loki for ${name}` });
    await modal.getByTestId('order-summary').waitFor(POLL);
    await modal.getByTestId('place-order-submit').click();
    await page.waitForURL((url) => /^\/order-status\/ord_[\w-]+$/.test(url.pathname) && url.searchParams.get('checkout') === '1', POLL);
    const orderId = new URL(page.url()).pathname.split('/').pop()!;
    // €39 + €49 a month, before VAT: the catalogue's prices of the two add-ons.
    expect(await api<{ kind: string; status: string; subtotalCents: number }>(page, 'GET', `/api/orders/${orderId}`)).toMatchObject({ kind: 'addon', status: 'pending', subtotalCents: 8_800 });
    const checkout = page.getByTestId('checkout');
    await fillCard(checkout, '4242 4242 4242 4242');
    await checkout.getByTestId('pay-button').click();
    await page.waitForURL((url) => url.pathname === '/payment-success' && url.searchParams.get('order') === orderId, POLL);

    // The cluster's operator installs them, one step each, then checks the cluster's health.
    await page.goto(`/clusters/${clusterId}?tab=addons`);
    await expect.poll(() => page.getByTestId('addon-row').count(), OPERATION).toBe(2);
    await expect
      .poll(async () => {
        const operation = (await api<ClusterDetail>(page, 'GET', `/api/clusters/${clusterId}`)).lastOperation;
        return operation && { type: operation.type, status: operation.status, steps: operation.steps.map((step) => `${step.label}: ${step.status}`) };
      }, OPERATION)
      .toEqual({
        type: 'install_addons',
        status: 'succeeded',
        steps: ['Installing Prometheus and Grafana: succeeded', 'Installing Grafana Loki: succeeded', 'Running health checks: succeeded'],
      });

    // /add-ons lists each with the clusters that run it.
    await page.goto('/add-ons');
    const listed = page.locator('[data-testid="installed-addon"][data-addon-id="addon_logging"]');
    await listed.getByTestId('installed-addon-cluster').getByText(name).waitFor(POLL);
    expect(await page.locator('[data-testid="installed-addon"][data-addon-id="addon_monitoring"]').getByText(name).count()).toBe(1);
    expect(pageErrors).toEqual([]);
  });

  it('explains a failed provisioning with Retry and Contact support', { timeout: 180_000 }, async ({ page, pageErrors }) => {
    await signInAsNewAccount(page);
    await cookieChoiceMade(page);
    // The simulator fails the health checks of a cluster so named, on every attempt (development only).
    const clusterId = await orderCluster(page, uniqueName('fail-at-health'));
    await page.goto(`/clusters/${clusterId}`);
    const failure = page.getByTestId('operation-failure');
    await failure.waitFor(OPERATION);
    expect((await failure.getByTestId('operation-failure-reason').textContent())?.length).toBeGreaterThan(10);
    expect(await failure.getByTestId('contact-support').getAttribute('href')).toBe('/support');
    expect(await seriousViolations(page)).toEqual([]);
    const failed = await api<ClusterDetail>(page, 'GET', `/api/clusters/${clusterId}`);
    expect(failed).toMatchObject({ status: 'failed', lastOperation: { status: 'failed', type: 'provision' } });

    await failure.getByTestId('operation-retry').click();
    await page.locator('[data-testid="operation-progress"][data-operation-status="running"]').waitFor(POLL);
    // It fails again at the same step, live.
    await failure.waitFor(OPERATION);
    expect(pageErrors).toEqual([]);
  });
});
