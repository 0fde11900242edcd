import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { signInAsDemoAccountWithoutBanner } from './accounts';
import { anotherContext, it } from './fixtures';
import { countOpenSockets, isTrpcCall, waitForOpenSockets } from './settle';

/**
 * Platform incidents end to end: an officer declares one on fr-par-1, where Acme's seeded clusters
 * run; Alice (Acme's owner, another browser) is notified and her sidebar status changes without a
 * reload; the officer resolves it and her status is healthy again.
 *
 * The status is global: while this test's incident is open, any other test asserting
 * 'System Status: Healthy' (shell.e2e.test.ts) would see the outage. It runs under the e2e lock,
 * and resolves its incident whatever happens.
 */

const DESKTOP = { width: 1280, height: 900 };

const statusOf = (page: Page) => page.getByTestId('system-status').getAttribute('aria-label');

/** Picks an option of a Mantine Select or MultiSelect, then clicks `away` so its list closes. */
async function choose(page: Page, scope: Locator, label: string, option: string, away: Locator): Promise<void> {
  await scope.getByLabel(label).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await away.click();
}

describe('platform incidents', () => {
  it('notifies Acme and turns its status indicator while an incident in fr-par-1 is open', { timeout: 120_000 }, async ({ page: officer, pageErrors }) => {
    const aliceContext = await anotherContext(officer, { viewport: DESKTOP });
    const alice = await aliceContext.newPage();
    const title = `Paris API servers unreachable ${Date.now()}`;
    let declared = false;
    try {
      await officer.setViewportSize(DESKTOP);
      await signInAsDemoAccountWithoutBanner(officer, 'olivia');
      await officer.goto('/officers/panel');
      const panel = officer.getByTestId('incidents-admin-panel');
      await panel.waitFor();

      await countOpenSockets(alice);
      await signInAsDemoAccountWithoutBanner(alice, 'alice');
      const firstRead = alice.waitForResponse((response) => isTrpcCall(response.url(), 'incidents.list')).then(
        () => true,
        () => false,
      );
      await alice.goto('/dashboard');
      await alice.getByTestId('dashboard-welcome').waitFor();
      await alice.getByTestId('sidebar-collapse-toggle').click();
      await expect.poll(() => statusOf(alice)).toBe('System Status: Healthy');
      expect(await alice.getByTestId('active-incident').count()).toBe(0);
      // Alice's socket is open and her first read of the incidents is in: what changes next comes
      // from the declaration.
      await waitForOpenSockets(alice);
      // The first read came with the page (the Worker writes a signed-in page's first answers into
      // it, ADR 0042), or the page asked for it as it mounted.
      const readWithThePage = await alice.evaluate(() => document.getElementById('first-queries')?.textContent?.includes('["incidents","list"]') ?? false);
      if (!readWithThePage) expect(await firstRead).toBe(true);

      // A declaration without its fields is refused next to each field, before anything is sent.
      await panel.getByRole('button', { name: 'Declare incident' }).click();
      await panel.getByText('Choose the impact on customers.').waitFor();
      await panel.getByText('Name at least one affected region or service.').waitFor();

      await panel.getByRole('textbox', { name: 'Title' }).fill(title);
      const away = panel.getByRole('heading', { name: 'Declare an incident' });
      await choose(officer, panel, 'Impact', 'Major outage', away);
      await choose(officer, panel, 'Affected regions', 'fr-par-1 — Paris PAR1', away);
      await panel.getByRole('textbox', { name: 'First update' }).fill('Kubernetes API servers in fr-par-1 do not answer. We are investigating.');
      const sentAt = Date.now();
      await panel.getByRole('button', { name: 'Declare incident' }).click();
      declared = true;
      await expect.poll(() => panel.getByTestId('incident-declared').textContent()).toMatch(/Incident declared: .* users were notified\./);

      // Alice, without a reload: the status, the dashboard banner and the notification.
      await expect.poll(() => statusOf(alice), { timeout: 10_000 }).toBe('System Status: Major outage');
      console.log(`status changed ${Date.now() - sentAt} ms after the declaration was sent`);
      await alice.getByTestId('active-incident').filter({ hasText: title }).waitFor();
      await alice.getByTestId('notification-bell').click();
      await alice.getByTestId('notification-item').filter({ hasText: `Incident in fr-par-1: ${title} (major outage)` }).waitFor();
      await alice.keyboard.press('Escape');
      // The indicator links to the incident on the dashboard.
      expect(await alice.getByTestId('system-status-link').getAttribute('href')).toMatch(/^\/dashboard#incident-inc_/);

      const card = panel.getByTestId('open-incident').filter({ hasText: title });
      await card.getByRole('textbox', { name: 'Resolution note' }).fill('The API load balancer was restarted; API servers answer again.');
      await card.getByRole('button', { name: 'Resolve incident' }).click();
      await card.waitFor({ state: 'detached' });
      declared = false;

      await expect.poll(() => statusOf(alice), { timeout: 10_000 }).toBe('System Status: Healthy');
      await expect.poll(() => alice.getByTestId('active-incident').count()).toBe(0);
      await alice.getByTestId('notification-bell').click();
      await alice.getByTestId('notification-item').filter({ hasText: `Resolved: ${title} (fr-par-1).` }).waitFor();
      expect(pageErrors).toEqual([]);
    } finally {
      // Never leave an outage open for the other test files sharing this database.
      if (declared) {
        const card = officer.getByTestId('open-incident').filter({ hasText: title });
        if (await card.count()) await card.getByRole('button', { name: 'Resolve incident' }).click();
      }
      await aliceContext.close();
    }
  });
});
