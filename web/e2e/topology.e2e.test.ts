import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { openAsNewAccount, signInAsDemoAccountWithoutBanner } from './accounts';
import { it, POLL } from './fixtures';
import { choose } from './order-helpers';

/** kind|zone|name of each part: the diagram's nodes and the text alternative's rows must list the same. */
async function parts(items: Locator, name: (item: Locator) => Locator): Promise<string[]> {
  const result: string[] = [];
  for (const item of await items.all()) {
    result.push(`${await item.getAttribute('data-kind')}|${await item.getAttribute('data-zone')}|${(await name(item).textContent())?.trim()}`);
  }
  return result.toSorted();
}

function diagramParts(page: Page): Promise<string[]> {
  return parts(page.getByTestId('topology-diagram').getByTestId('topology-node'), (node) => node.getByTestId('topology-node-name'));
}

function describedParts(page: Page): Promise<string[]> {
  return parts(page.getByTestId('topology-component-row'), (row) => row.getByRole('rowheader'));
}

const replicas = (page: Page) => page.getByTestId('topology-diagram').locator('[data-testid="topology-node"][data-kind="control-plane"]');

describe('cluster topology', () => {
  it(
    'draws the reference architecture of an HA tier, redraws a non-HA tier with one replica, and says the same in words',
    { timeout: 120_000 },
    async ({ page, pageErrors }) => {
      await signInAsDemoAccountWithoutBanner(page, 'alice');

      // Standard includes the HA control plane: three replicas, one in each zone of Paris.
      await page.goto('/cluster-topology?tier=tier_standard');
      await expect.poll(() => replicas(page).count(), POLL).toBe(3);
      const zones = page.getByTestId('topology-diagram').getByTestId('topology-zone-name');
      expect(await zones.allTextContents()).toEqual(['fr-par-1a', 'fr-par-1b', 'fr-par-1c']);
      const replicaZones = await Promise.all((await replicas(page).all()).map((replica) => replica.getAttribute('data-zone')));
      expect(replicaZones.toSorted()).toEqual(['fr-par-1a', 'fr-par-1b', 'fr-par-1c']);
      // Every pool sits in a zone; the load balancer and the internet outside.
      const pools = page.getByTestId('topology-diagram').locator('[data-testid="topology-node"][data-kind="node-pool"]');
      expect(await pools.count()).toBe(3);
      expect(await page.getByTestId('topology-diagram').locator('[data-kind="load-balancer"][data-zone=""]').count()).toBe(1);
      // The diagram region is named, and @xyflow/react's style sheet came with it.
      await page.getByRole('application', { name: 'Architecture diagram: Standard (Blue) in Paris PAR1' }).waitFor();
      const edges = page.getByTestId('topology-diagram').locator('.react-flow__edge');
      await expect.poll(() => edges.count(), POLL).toBeGreaterThan(0);

      // The text alternative lists the same components, and every connection.
      const drawn = await diagramParts(page);
      expect(await describedParts(page)).toEqual(drawn);
      expect(drawn.filter((part) => part.startsWith('control-plane|'))).toHaveLength(3);
      const connections = await page.getByTestId('topology-connection-row').count();
      await expect.poll(() => edges.count(), POLL).toBe(connections);

      // Dev/Test has no HA control plane: redrawn with a single replica, and the address follows.
      await choose(page, page, 'Cluster tier', 'Dev/Test (Orange)');
      await page.waitForURL((url) => url.searchParams.get('tier') === 'tier_devtest');
      await expect.poll(() => replicas(page).count(), POLL).toBe(1);
      await expect.poll(() => describedParts(page), POLL).toEqual(await diagramParts(page));
      expect((await describedParts(page)).filter((part) => part.startsWith('control-plane|'))).toHaveLength(1);

      // Economy offers HA as an option: the switch redraws three replicas.
      await choose(page, page, 'Cluster tier', 'Economy (Green)');
      await expect.poll(() => replicas(page).count(), POLL).toBe(1);
      await page.getByRole('switch', { name: 'High-availability control plane' }).click();
      await expect.poll(() => replicas(page).count(), POLL).toBe(3);
      expect(new URL(page.url()).searchParams.get('ha')).toBe('true');
      expect(pageErrors).toEqual([]);
    },
  );

  it('reads as a list on a phone, with the diagram one tap away (issue 31)', { timeout: 90_000 }, async ({ page, pageErrors }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openAsNewAccount(page, '/cluster-topology?tier=tier_standard');
    await page.getByTestId('topology-components').waitFor(POLL);
    expect(await page.getByTestId('topology-diagram').count()).toBe(0);
    const listed = await describedParts(page);
    expect(listed.filter((part) => part.startsWith('control-plane|'))).toHaveLength(3);
    // The diagram, when asked for, draws the same parts; the list stays under it.
    await page.getByTestId('topology-view-switch').getByText('Diagram').click();
    await expect.poll(() => replicas(page).count(), POLL).toBe(3);
    expect(await diagramParts(page)).toEqual(listed);
    // Nothing runs off the side of the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(pageErrors).toEqual([]);
  });

  it('opens from a tier of the cluster selection', { timeout: 90_000 }, async ({ page }) => {
    await openAsNewAccount(page, '/cluster-selection');
    await page.getByRole('link', { name: 'View architecture of Enterprise (Red)' }).click();
    await page.waitForURL((url) => url.pathname === '/cluster-topology' && url.searchParams.get('tier') === 'tier_enterprise');
    await expect.poll(() => replicas(page).count(), POLL).toBe(3);
    expect(await page.getByRole('combobox', { name: 'Cluster tier', exact: true }).inputValue()).toBe('Enterprise (Red)');
  });
});
