import { describe, expect } from 'vitest';
import { openAsDemoAccount } from './accounts';
import { seriousViolations } from './a11y';
import { rejectCookies } from './auth-helpers';
import { workerDatabase } from './database';
import { it, OPERATION, POLL } from './fixtures';
import { api, newAccountWithPaidCluster } from './order-helpers';

const BILLING = { companyName: 'E2E Leftovers SAS', countryCode: 'FR', addressLine1: '5 rue Oberkampf', postalCode: '75011', city: 'Paris' };

interface KeptList {
  items: Array<{ id: string; clusterName: string; kind: string; name: string; sizeGb: number | null; monthlyCents: number; billedSince: number | null }>;
}

// What deleting a cluster leaves billable (issue 34). Alice sees the volume Acme kept from the
// seeded legacy-shop on /billing. Deleting and keeping is done by the owner of a new organisation:
// every browser test shares one database, and the dashboard test counts Acme's clusters and orders,
// which a cluster alice ordered and deleted would change.
describe('leftovers before delete', () => {
  it("shows alice the volume Acme kept from legacy-shop on /billing, with its monthly price", { timeout: 60_000 }, async ({ page, pageErrors }) => {
    await openAsDemoAccount(page, 'alice', '/billing');
    const section = page.locator('section#leftovers');
    await section.getByRole('heading', { name: 'Kept after cluster deletion' }).waitFor(POLL);
    const row = section.locator('[data-testid="leftover-row"][data-name="default/data-legacy-shop-0"]');
    await row.waitFor(POLL);
    expect(await row.getByRole('rowheader').textContent()).toBe('legacy-shop');
    expect(await row.getByRole('cell').allTextContents()).toEqual(['Volume', 'default/data-legacy-shop-0', '40 GB', '€4.00', expect.stringMatching(/^\d{1,2} \w+ \d{4}$/), 'Remove']);
    expect(await row.getByTestId('leftover-price').textContent()).toBe('€4.00');
    await row.getByRole('button', { name: 'Remove default/data-legacy-shop-0 of legacy-shop' }).waitFor();
    // The seed's metering billed it every hour since legacy-shop's deletion, nine days ago, and not before.
    const billed = (await (await workerDatabase())
      .prepare("SELECT count(*) AS n, min(u.hour) AS first, min(c.deleted_at) AS deletedAt FROM usage_records u JOIN clusters c ON c.id = u.cluster_id WHERE u.subject_id = ? AND u.kind = 'leftover'")
      .bind('lft_demo_legacy_db_volume')
      .first()) as { n: number; first: number; deletedAt: number };
    expect(billed.n).toBeGreaterThanOrEqual(8 * 24);
    expect(billed.first).toBeGreaterThanOrEqual(billed.deletedAt);
    expect(billed.first - billed.deletedAt).toBeLessThan(3_600_000);
    expect(await seriousViolations(page)).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  it('deletes a cluster keeping one of its volumes and deleting the rest, sees the volume billed on /billing, then removes it', { timeout: 240_000 }, async ({ page, pageErrors }) => {
    const { name, clusterId } = await newAccountWithPaidCluster(page, 'e2e-keep', { tierId: 'tier_standard', flavorId: 'gp-4-16', count: 2, billing: BILLING });
    await page.goto(`/clusters/${clusterId}`);
    await rejectCookies(page);
    await page.locator('[data-testid="overview-status"] [data-status="running"]').waitFor(OPERATION);

    // The dialog lists what the cluster holds with each monthly price; one volume is kept.
    await expect.poll(() => page.getByTestId('delete-cluster').isEnabled(), OPERATION).toBe(true);
    await page.getByTestId('delete-cluster').click();
    const modal = page.getByTestId('delete-cluster-modal');
    await modal.getByTestId('leftovers-choice').waitFor(POLL);
    const volumes = modal.getByTestId('leftover-keep');
    expect(await volumes.count()).toBe(2);
    const kept = `default/data-${name}-0`;
    expect(await modal.getByText(/^Volume, \d+ GB · €\d+\.\d\d a month$/).count()).toBe(2);
    expect(await modal.getByTestId('leftovers-kept-total').textContent()).toBe('Nothing kept: everything goes with the cluster.');
    await modal.getByRole('checkbox', { name: `Keep ${kept}` }).check();
    await expect.poll(() => modal.getByTestId('leftovers-kept-total').textContent()).toMatch(/^Kept: 1 for €\d+\.\d\d a month\.$/);
    expect(await modal.getByRole('checkbox', { name: `Keep default/data-${name}-1` }).isChecked()).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await modal.getByTestId('delete-confirm-name').fill(name);
    await modal.getByTestId('delete-confirm').click();
    await modal.waitFor({ state: 'detached', ...POLL });
    await page.locator('[data-testid="overview-status"] [data-status="deleted"]').waitFor(OPERATION);

    // Only the kept volume is left, billed from the deletion.
    const list = await api<KeptList>(page, 'GET', '/api/leftovers');
    expect(list.items.map((item) => [item.clusterName, item.kind, item.name])).toEqual([[name, 'volume', kept]]);
    expect(list.items[0]!.billedSince).not.toBeNull();
    await page.goto('/billing');
    const section = page.locator('section#leftovers');
    const row = section.locator(`[data-testid="leftover-row"][data-name="${kept}"]`);
    await row.waitFor(POLL);
    expect(await section.getByTestId('leftover-row').count()).toBe(1);
    expect(await row.getByRole('rowheader').textContent()).toBe(name);
    expect(await row.getByTestId('leftover-price').textContent()).toMatch(/^€\d+\.\d\d$/);
    expect(await seriousViolations(page)).toEqual([]);

    // Removed after a confirmation: its billing stops, and the section says nothing is kept.
    await row.getByRole('button', { name: `Remove ${kept} of ${name}` }).click();
    const confirm = page.getByTestId('leftover-remove-modal');
    await confirm.getByText(`The volume ${kept} (${list.items[0]!.sizeGb} GB) that ${name} left`, { exact: false }).waitFor(POLL);
    await confirm.getByTestId('leftover-remove-confirm').click();
    await confirm.waitFor({ state: 'detached', ...POLL });
    await section.getByTestId('leftovers-empty').waitFor(POLL);
    expect((await api<KeptList>(page, 'GET', '/api/leftovers')).items).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
