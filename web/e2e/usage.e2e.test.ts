import { readFile } from 'node:fs/promises';
import { describe, expect } from 'vitest';
import { seriousViolations } from './a11y';
import { signInAsDemoAccount } from './accounts';
import { it, POLL } from './fixtures';

/** The parts of GET /api/usage this test compares with the page. */
interface UsageAnswer {
  groups: Array<{ key: string; label: string }>;
  quantities: Array<{ kind: string; unit: string; quantity: number }>;
  quantitySeries: Array<{ period: string; byGroup: Record<string, Record<string, number>> }>;
}

/** What the quantities table should list for one kind: [period, group, quantity] of every non-zero cell. */
const expectedQuantityRows = (answer: UsageAnswer, kind: string) =>
  answer.quantitySeries.flatMap((entry) =>
    answer.groups.flatMap((group) => {
      const quantity = entry.byGroup[kind]?.[group.key];
      return quantity ? [[entry.period, group.label, Math.round(quantity * 1000) / 1000]] : [];
    }),
  );

describe('usage', () => {
  it('charts the seeded cost and quantities by cluster and by kind, the quantities as the API answers them, and exports both as CSV', { timeout: 90_000 }, async ({ page }) => {
    await signInAsDemoAccount(page, 'alice');
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

    // Quantities per day and cluster, one resource at a time (node-hours first): a chart of its own,
    // loaded like the cost chart, and a table of the same numbers as the API answers for the range.
    const from = await page.getByLabel('From', { exact: true }).inputValue();
    const to = await page.getByLabel('To', { exact: true }).inputValue();
    const response = await page.request.get(`/api/usage?from=${from}&to=${to}&groupBy=day&by=cluster`);
    expect(response.status()).toBe(200);
    const answer = (await response.json()) as UsageAnswer;
    expect(answer.quantities.map((entry) => entry.kind)).toContain('node');
    // The card's top to the top of the window: the chart's place (under the title) comes into view,
    // as the card's long table may already show at the bottom of the window.
    await page.getByTestId('usage-quantity-card').evaluate((card) => card.scrollIntoView({ block: 'start' }));
    const quantityChart = page.getByTestId('usage-quantity-chart');
    await quantityChart.locator('.recharts-bar-rectangle').first().waitFor();
    await expect.poll(() => quantityChart.getAttribute('aria-label')).toMatch(/^Node-hours per day, by cluster \(node-hours\)/);
    await quantityChart.getByTestId('usage-chart-legend').getByText('webshop-prod').waitFor();
    const quantityTable = page.getByTestId('usage-quantity-table');
    const shownQuantities = async () => {
      const cells = await quantityTable.locator('tbody tr').evaluateAll((rows) => rows.map((row) => Array.from(row.querySelectorAll('td'), (cell) => cell.textContent ?? '')));
      return cells.map(([period, group, quantity]) => [period, group, Number(quantity!.replace(/,/g, ''))]);
    };
    const nodeRows = expectedQuantityRows(answer, 'node');
    expect(nodeRows.length).toBeGreaterThan(0);
    expect(await shownQuantities()).toEqual(nodeRows);
    // Another resource: the chart and the table follow.
    const other = answer.quantities.find((entry) => entry.kind === 'storage') ?? answer.quantities.find((entry) => entry.kind !== 'node')!;
    const labels: Record<string, string> = { control_plane: 'Control-plane hours', hibernated_node: 'Hibernated node-hours', addon: 'Add-on hours', middleware: 'Middleware hours', storage: 'Storage GB-hours', egress: 'Egress GB' };
    const otherLabel = labels[other.kind]!;
    await page.getByRole('combobox', { name: 'Resource' }).selectOption(other.kind);
    await expect.poll(() => quantityChart.getAttribute('aria-label')).toBe(`${otherLabel} per day, by cluster (${other.unit}), ${from} to ${to}; the table below lists the same quantities.`);
    await expect.poll(shownQuantities).toEqual(expectedQuantityRows(answer, other.kind));
    // The export lists every resource with its unit; each resource's quantities add up to the API's total.
    const [quantityDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export quantities CSV' }).click()]);
    expect(quantityDownload.suggestedFilename()).toBe(`usage-quantities-${from}-${to}-day-cluster.csv`);
    const quantityLines = (await readFile((await quantityDownload.path())!, 'utf8')).trim().split('\r\n');
    expect(quantityLines[0]).toBe('Period,Cluster or service,Resource kind,Quantity,Unit');
    expect(quantityLines.length - 1).toBe(answer.quantities.reduce((sum, entry) => sum + expectedQuantityRows(answer, entry.kind).length, 0));
    const nodeQuantities = quantityLines
      .slice(1)
      .map((line) => line.split(','))
      .filter((fields) => fields[2] === 'Nodes' && fields[4] === 'node-hours')
      .map((fields) => Number(fields[3]));
    expect(nodeQuantities).toHaveLength(nodeRows.length);
    const nodeTotal = nodeQuantities.reduce((sum, quantity) => sum + quantity, 0);
    expect(Math.round(nodeTotal * 1000)).toBe(Math.round(answer.quantities.find((entry) => entry.kind === 'node')!.quantity * 1000));

    await page.getByText('By resource kind').click();
    await page.getByText('Monthly').click();
    await table.getByRole('cell', { name: 'Control plane' }).first().waitFor();
    await expect.poll(() => chart.getAttribute('aria-label')).toMatch(/^Monthly cost by resource kind/);
    // The chosen resource stays, now per month and on its own.
    await expect.poll(() => quantityChart.getAttribute('aria-label')).toMatch(new RegExp(`^${otherLabel} per month \\(`));

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^usage-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}-month-kind\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('Period,Resource kind,Amount (EUR)');
    expect(lines.slice(1).some((line) => /^\d{4}-\d{2},Control plane,\d+\.\d{2}$/.test(line))).toBe(true);
    expect(lines.length - 1).toBe(await table.locator('tbody tr').count());
  });
  it('shows analytics-eu over its quote this month by the autoscaling line, on its page and per cluster on /usage', { timeout: 90_000 }, async ({ page }) => {
    await signInAsDemoAccount(page, 'alice');
    /** An amount as shown in euros, e.g. "€1,383.39 (568 hours)" → 138339 cents. */
    const cents = (text: string | null) => Math.round(Number(/€([\d,]+\.\d{2})/.exec(text ?? '')![1]!.replace(/,/g, '')) * 100);

    // The seed ran analytics-eu's system pool (quoted at its autoscaling minimum, 2 nodes) at 4 for the last six days.
    await page.goto('/clusters/clu_demo_analytics');
    const card = page.getByTestId('cost-card');
    await page.getByTestId('overview-monthly-cost').waitFor();
    await card.waitFor();
    await card.scrollIntoViewIfNeeded();
    const quoted = cents(await card.getByTestId('cost-quoted').textContent());
    const actual = cents(await card.getByTestId('cost-actual').textContent());
    expect(actual).toBeGreaterThan(quoted);
    const autoscaling = card.getByTestId('cost-line-autoscaling');
    expect(await autoscaling.locator('td').first().textContent()).toBe('Nodes above the quoted count (autoscaling)');
    expect(await autoscaling.locator('td').nth(1).textContent()).toMatch(/node-hours metered against [\d,]+ quoted: [\d,.]+ more/);
    expect(await autoscaling.locator('td').nth(2).textContent()).toMatch(/^\+€[\d,]+\.\d{2}$/);
    // The difference is the lines' sum, and the forecast says how it is reached.
    expect(cents(await card.getByTestId('cost-difference').textContent())).toBe(actual - quoted);
    expect(await card.getByTestId('cost-forecast-formula').textContent()).toMatch(/^Month to date \+ hourly run rate × hours left: €[\d,]+\.\d{2} over \d+ metered hours \+ €[\d,.]+ an hour \(the last \d+ metered hours' average\) × \d+ hours left = €[\d,]+\.\d{2}\.$/);
    expect(await card.getByTestId('cost-quotes').textContent()).toMatch(/Node pool resized/);
    const chart = card.getByTestId('cost-chart');
    await chart.locator('.recharts-bar-rectangle').first().waitFor();
    expect(await chart.getAttribute('aria-label')).toMatch(/^Quoted, actual and forecast cost of analytics-eu per month, in EUR/);
    await chart.getByTestId('cost-chart-legend').getByText('Forecast to month end').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // /usage: the same figures per cluster for the month chosen (this one by default).
    await page.goto('/usage');
    const section = page.getByTestId('usage-cluster-costs');
    await section.scrollIntoViewIfNeeded();
    const row = section.getByTestId('usage-cost-table').locator('tbody tr', { hasText: 'analytics-eu' });
    await row.waitFor();
    await expect.poll(async () => (await row.locator('td').allTextContents()).slice(1, 3).map(cents), POLL).toEqual([quoted, actual]);
    await section.getByTestId('usage-cost-chart').locator('.recharts-bar-rectangle').first().waitFor();
    expect(await page.getByTestId('usage-forecast-formula').textContent()).toMatch(/^Month to date \+ hourly run rate × hours left: /);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
