import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { signIn } from './auth-helpers';
import { useBrowser } from './fixtures';

describe('usage', () => {
  const browser = useBrowser();

  it('charts the seeded usage by cluster and by kind, and exports the table as CSV', { timeout: 90_000 }, async () => {
    const { page } = browser;
    await page.goto('/auth');
    await signIn(page, 'alice', 'KubeMarket-demo-2026');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.goto('/usage');
    await page.getByTestId('page-title').getByText('Usage').waitFor();

    // The seed metered Acme's clusters for 60 days: this month has bars, per cluster. The chart
    // renders once its place scrolls into view.
    await page.getByTestId('usage-chart-card').scrollIntoViewIfNeeded();
    const chart = page.getByTestId('usage-chart');
    await chart.locator('.recharts-bar-rectangle').first().waitFor();
    await expect.poll(() => chart.getAttribute('aria-label')).toMatch(/^Daily cost by cluster/);
    // Its legend names the clusters charted.
    await chart.getByTestId('usage-chart-legend').getByText('webshop-prod').waitFor();
    const table = page.getByTestId('usage-table');
    await table.getByRole('cell', { name: 'webshop-prod' }).first().waitFor();
    expect(await page.getByTestId('usage-forecast').textContent()).toMatch(/^€[\d,]+\.\d{2}$/);

    await page.getByText('By resource kind').click();
    await page.getByText('Monthly').click();
    await table.getByRole('cell', { name: 'Control plane' }).first().waitFor();
    await expect.poll(() => chart.getAttribute('aria-label')).toMatch(/^Monthly cost by resource kind/);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^usage-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}-month-kind\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('Period,Resource kind,Amount (EUR)');
    expect(lines.slice(1).some((line) => /^\d{4}-\d{2},Control plane,\d+\.\d{2}$/.test(line))).toBe(true);
    expect(lines.length - 1).toBe(await table.locator('tbody tr').count());
  });
});
