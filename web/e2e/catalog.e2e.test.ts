import { formatEurCents } from '@kubemarket/shared';
import { describe, expect } from 'vitest';
import { openAsNewAccount } from './accounts';
import { anotherContext, it, POLL } from './fixtures';
import { choose, openEstimateWithCluster, serverQuote, standardClusterQuote, waitForServerMatch } from './order-helpers';
import { KNOWN_RATES, stubRates } from './rates';

/** The estimate the browser test builds, as POST /api/quotes reads it. */
const QUOTE_BODY = standardClusterQuote({
  cluster: { addonIds: ['addon_monitoring'] },
  batch: { name: 'pool-2', autoscale: { min: 2, max: 4 } },
  moreLines: [{ kind: 'middleware', planId: 'mwp_postgresql_essential' }],
  cycle: 'yearly',
  promotionCode: 'PARIS',
  customer: { countryCode: 'FR', vatNumber: null, isBusiness: false },
});

describe('catalogue and pricing', () => {
  it(
    "builds an estimate, changes currency and cycle, applies PARIS, shows exactly the server's total, and the shared address reopens it",
    { timeout: 120_000 },
    async ({ page }) => {
      // A Standard cluster: its baseline pool of 3 × 4 vCPU/16 GB, plus an autoscaling pool of 8 vCPU/32 GB.
      await stubRates(page);
      await openEstimateWithCluster(page, 'Standard (Blue)');
      const cluster = page.getByTestId('estimate-cluster');
      await cluster.getByRole('button', { name: 'Add node pool' }).click();
      const second = cluster.getByTestId('estimate-pool').nth(1);
      await choose(page, second, 'Node flavour', 'General purpose 8 vCPU, 32 GB');
      await second.getByRole('textbox', { name: 'Nodes', exact: true }).fill('2');
      await second.getByRole('switch', { name: 'Autoscale' }).check();
      await second.getByRole('textbox', { name: 'Maximum nodes', exact: true }).fill('4');
      await cluster.getByRole('checkbox', { name: /Prometheus and Grafana/ }).check();

      // A PostgreSQL Essential database.
      await choose(page, page, 'Middleware', 'PostgreSQL');
      await choose(page, page, 'Plan', /^Essential/);
      await page.getByRole('button', { name: 'Add middleware' }).click();
      await expect.poll(() => page.getByTestId('estimate-line').count(), POLL).toBe(2);

      // Dollars, billed yearly, with PARIS.
      await page.getByTestId('currency-control').getByText('$ USD').click();
      await page.getByTestId('billing-cycle-control').getByText('Yearly').click();
      // A code the server does not know: it says so, and still confirms the total without it.
      await page.getByRole('textbox', { name: 'Promotion code' }).fill('NOPE');
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.locator('[data-testid="server-quote-status"][data-status="confirmed"]').waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('promotion-status').textContent()).toContain('Unknown promotion code');
      expect(await page.getByTestId('estimate-discount').count()).toBe(0);

      await page.getByRole('textbox', { name: 'Promotion code' }).fill('PARIS');
      await page.getByRole('button', { name: 'Apply' }).click();
      await waitForServerMatch(page);
      await expect.poll(() => page.getByTestId('promotion-status').textContent(), POLL).toContain('PARIS');

      const server = await serverQuote(page, QUOTE_BODY);
      expect(server.discount?.code).toBe('PARIS');
      const expected = formatEurCents(server.totalCents, 'USD', KNOWN_RATES);
      expect(expected.startsWith('$')).toBe(true);
      expect(await page.getByTestId('estimate-total').textContent()).toBe(expected);
      expect(await page.getByTestId('server-quote-total').textContent()).toBe(expected);
      // Each line is explained: control plane, HA, both pools (the autoscaling one with its maximum), the add-on.
      const clusterLine = page.getByTestId('estimate-line').first();
      await clusterLine.getByText('Control plane', { exact: true }).waitFor();
      await clusterLine.getByText(/autoscaling 2–4 nodes/).waitFor();
      await clusterLine.getByText(/Prometheus and Grafana add-on/).waitFor();
      await page.getByTestId('estimate-tax').getByText(/\$/).waitFor();

      // The address carries the estimate: another browser, signed in as another new organisation, gets the same total.
      const shared = page.url();
      expect(new URL(shared).searchParams.get('estimate')).toMatch(/^1\./);
      const other = await anotherContext(page);
      try {
        const reopened = await other.newPage();
        await stubRates(reopened);
        await openAsNewAccount(reopened, shared);
        await waitForServerMatch(reopened);
        expect(await reopened.getByTestId('estimate-total').textContent()).toBe(expected);
        await expect.poll(() => reopened.getByTestId('currency-control').locator('input:checked').inputValue()).toBe('USD');
      } finally {
        await other.close();
      }
    },
  );

  it('shows each new total at once but reads it out only once it has stayed unchanged for half a second', { timeout: 60_000 }, async ({ page }) => {
    await openEstimateWithCluster(page, 'Standard (Blue)');
    const announcement = page.getByTestId('estimate-total-announcement');
    await expect.poll(() => announcement.textContent(), POLL).toMatch(/^Total €.+ a month, VAT included\.$/);
    await waitForServerMatch(page);

    // Every change of the visible total and of the live region's text, with its time.
    await page.evaluate(() => {
      const log: { what: 'total' | 'announcement'; text: string; at: number }[] = [];
      (window as unknown as { priceLog: typeof log }).priceLog = log;
      const watch = (testId: string, what: 'total' | 'announcement') => {
        const element = document.querySelector(`[data-testid="${testId}"]`)!;
        new MutationObserver(() => log.push({ what, text: element.textContent ?? '', at: performance.now() })).observe(element, {
          childList: true,
          characterData: true,
          subtree: true,
        });
      };
      watch('estimate-total', 'total');
      watch('estimate-total-announcement', 'announcement');
    });
    const nodes = page.getByTestId('estimate-pool').first().getByRole('textbox', { name: 'Nodes', exact: true });
    // The server's quote of the final estimate (12 nodes): the last thing that can change the total.
    const quotedTwelve = page.waitForResponse(
      (response) => response.url().includes('/trpc/quotes.create') && /"count":12\b/.test(response.request().postData() ?? ''),
    );
    await nodes.selectText();
    // "12", a key every 150 ms: the total changes twice (1 node, then 12), well within half a second each time.
    await nodes.pressSequentially('12', { delay: 150 });
    const typedAt = await page.evaluate(() => performance.now());
    const finalTotal = async () => (await page.getByTestId('estimate-total').textContent()) ?? '';
    // Settled: the server has answered for the final estimate and the screen agrees with it, and the
    // live region has caught up with that total. Nothing is left that could change either.
    await quotedTwelve;
    await waitForServerMatch(page);
    await expect.poll(() => announcement.textContent(), POLL).toBe(`Total ${await finalTotal()} a month, VAT included.`);

    const log = await page.evaluate(() => (window as unknown as { priceLog: { what: string; text: string; at: number }[] }).priceLog);
    const totals = log.filter((entry) => entry.what === 'total' && entry.text !== '');
    const announcements = log.filter((entry) => entry.what === 'announcement');
    // The screen followed each keystroke: a total was shown before the last key went in.
    expect(totals.length).toBeGreaterThanOrEqual(2);
    expect(totals[0]!.at).toBeLessThan(typedAt);
    // The live region reads out a total only once it has stayed unchanged on screen for half a
    // second (450 ms: timer granularity), and last of all the final total. A total replaced sooner
    // is never read out: with the keys well within half a second of each other, that is one
    // announcement. (On a loaded machine a key can come later than 150 ms after the one before; the
    // total shown meanwhile has then stayed for half a second and is rightly read out.)
    const said = (total: string) => `Total ${total} a month, VAT included.`;
    // Changes of the shown total (a re-render with the same text changes nothing a person sees).
    const changes = totals.filter((total, index) => index === 0 || total.text !== totals[index - 1]!.text);
    for (const announcement of announcements) {
      const shown = changes.filter((total) => total.at <= announcement.at).at(-1)!;
      expect(announcement.text).toBe(said(shown.text));
      expect(announcement.at - shown.at).toBeGreaterThanOrEqual(450);
    }
    expect(announcements.at(-1)?.text).toBe(said(await finalTotal()));
    const replacedSoon = changes.slice(0, -1).filter((total, index) => changes[index + 1]!.at - total.at < 450);
    for (const total of replacedSoon) {
      const replacedAt = changes[changes.indexOf(total) + 1]!.at;
      expect(announcements.filter((announcement) => announcement.at < replacedAt + 450).map((announcement) => announcement.text)).not.toContain(said(total.text));
    }
    if (replacedSoon.length === changes.length - 1) expect(announcements).toHaveLength(1);
  });

  it('shows the seven tiers side by side and continues into configuration with the chosen one', { timeout: 60_000 }, async ({ page }) => {
    await stubRates(page);
    await openAsNewAccount(page, '/cluster-selection');
    await expect.poll(() => page.getByTestId('tier-column').count(), POLL).toBe(7);
    const comparison = page.getByTestId('tier-comparison');
    for (const row of ['Price', 'Control-plane SLA', 'High-availability control plane', 'Most nodes', 'Most node pools']) {
      await comparison.getByRole('rowheader', { name: row }).waitFor();
    }
    await page.getByRole('button', { name: 'Choose Economy (Green)' }).click();
    await page.getByTestId('tier-choice').getByText('Economy (Green)').waitFor();
    await page.getByRole('link', { name: 'Continue with Economy (Green)' }).click();
    await page.waitForURL((url) => url.pathname === '/configure-cluster' && url.searchParams.get('tier') === 'tier_economy');
  });

  it('narrows the marketplace by search and filters, and orders a plan through the estimator', { timeout: 60_000 }, async ({ page }) => {
    await stubRates(page);
    await openAsNewAccount(page, '/marketplace');
    const items = page.getByTestId('market-item');
    await expect.poll(() => items.count(), POLL).toBeGreaterThan(20);
    const all = await items.count();

    await page.getByRole('textbox', { name: 'Search', exact: true }).fill('postgresql');
    await expect.poll(() => items.count(), POLL).toBe(1);
    await items.first().getByRole('heading', { name: 'PostgreSQL' }).waitFor();
    await page.getByRole('textbox', { name: 'Search', exact: true }).fill('');
    await expect.poll(() => items.count(), POLL).toBe(all);

    // Add-ons that an AI/ML cluster can run include the GPU operator; a Sandbox cluster cannot run it.
    await choose(page, page, 'Type', 'Add-ons');
    await choose(page, page, 'Compatible tier', 'AI/ML (Violet)');
    await page.getByRole('heading', { name: 'NVIDIA GPU Operator' }).waitFor();
    const aiAddons = await items.count();
    expect(aiAddons).toBeLessThan(all);
    expect(await items.evaluateAll((cards) => cards.every((card) => card.getAttribute('data-kind') === 'addon'))).toBe(true);
    await choose(page, page, 'Compatible tier', 'Sandbox (Gray)');
    await expect.poll(() => page.getByRole('heading', { name: 'NVIDIA GPU Operator' }).count(), POLL).toBe(0);
    await choose(page, page, 'Category', 'Monitoring');
    await expect.poll(() => items.count(), POLL).toBe(1);
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect.poll(() => items.count(), POLL).toBe(all);

    // PostgreSQL's plans, and ordering one opens the estimator with it.
    await page.getByRole('button', { name: 'Details and plans of PostgreSQL' }).click();
    const detail = page.getByRole('dialog');
    await expect.poll(() => detail.getByTestId('market-plan').count(), POLL).toBe(4);
    await detail.getByRole('link', { name: 'Order PostgreSQL Essential' }).click();
    await page.waitForURL((url) => url.pathname === '/price-estimator' && url.searchParams.has('estimate'));
    await page.getByTestId('estimate-middleware').getByText('PostgreSQL: Essential').waitFor();
    await waitForServerMatch(page);
  });

  it("shows the organisation's add-ons (none yet) and the add-on catalogue", { timeout: 60_000 }, async ({ page }) => {
    await stubRates(page);
    await openAsNewAccount(page, '/add-ons');
    await page.getByTestId('installed-addons-empty').getByText('No add-ons installed yet').waitFor();
    await expect.poll(() => page.getByTestId('market-item').count(), POLL).toBeGreaterThan(10);
    expect(await page.getByTestId('market-item').evaluateAll((cards) => cards.every((card) => card.getAttribute('data-kind') === 'addon'))).toBe(true);
  });
});
