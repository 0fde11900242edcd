import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { seriousViolations } from './a11y';
import { signInAsDemoAccountWithoutBanner } from './accounts';
import { workerDatabase } from './database';
import { BASE_URL, it, POLL } from './fixtures';
import { webhookReceiver } from './webhook-receiver';

/** A REST call of the signed-in page, with its CSRF token. */
async function api<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const answer = await page.evaluate(
    async ({ method, path, body }) => {
      const user = await fetch('/api/user', { credentials: 'include' });
      const token = user.headers.get('X-CSRF-Token') ?? '';
      const response = await fetch(path, { method, credentials: 'include', headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': token }, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: response.status, json: (await response.json()) as unknown };
    },
    { method, path, body },
  );
  if (answer.status >= 300) throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.json)}`);
  return answer.json as T;
}

/** The hourly housekeeping cron of worker/src/scheduled.ts (CRONS.housekeeping), metering included. */
const HOUSEKEEPING_CRON = '17 * * * *';

describe('Budgets on /billing', () => {
  let hooks: Awaited<ReturnType<typeof webhookReceiver>>;
  beforeAll(async () => {
    hooks = await webhookReceiver(200);
  });
  afterAll(async () => {
    await hooks.close();
  });

  it("shows Acme's budgets to Vera, a viewer, without a way to change them", async ({ page }) => {
    await signInAsDemoAccountWithoutBanner(page, 'vera');
    await page.goto('/billing');
    await page.getByTestId('billing-not-allowed').waitFor();
    const section = page.locator('section#budgets');
    // The seed's organisation-wide budget, set at 85 % of what Acme was metered this month.
    const seeded = section.getByTestId('budget').filter({ hasText: 'Acme monthly' });
    await seeded.waitFor();
    expect(await seeded.getByTestId('budget-actual').textContent()).toMatch(/ · 85 %$/);
    expect(await seeded.getByTestId('budget-alerts').textContent()).toMatch(/50 % of the spend so far reached on .*80 % of the spend so far reached on/);
    expect(await section.getByTestId('budget-add').count()).toBe(0);
    expect(await section.getByRole('button', { name: /Edit the budget|Delete the budget/ }).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('sets a budget as Alice; the metering cron meters past 80 % and she gets the notification, the email and the webhook', { timeout: 120_000 }, async ({ page }) => {
    const db = await workerDatabase();
    // Acme's cluster that cost the most in the last metered hour: just before the cron runs, that
    // hour is taken back out of the metering (its records and its metered mark), so the cron meters
    // it again for real. The budget is set so that the month without that hour is under 80 % and
    // with it is over. (Taken out only at the last moment: the usage test, running beside this one,
    // reads Acme's metered hours.)
    const latest = (await db.prepare('SELECT max(hour) AS hour FROM metered_hours').bind().first()) as { hour: number } | null;
    const hour = latest!.hour;
    const top = (await db
      .prepare(
        "SELECT u.cluster_id AS id, c.name AS name, sum(u.amount_millicents) AS millicents FROM usage_records u JOIN clusters c ON c.id = u.cluster_id WHERE u.organization_id = 'org_demo_acme' AND u.hour = ? AND c.status = 'running' GROUP BY u.cluster_id ORDER BY millicents DESC LIMIT 1",
      )
      .bind(hour)
      .first()) as { id: string; name: string; millicents: number } | null;
    const cluster = top!;
    expect(cluster.millicents).toBeGreaterThan(10_000);

    await signInAsDemoAccountWithoutBanner(page, 'alice');
    await page.goto('/billing');
    const section = page.locator('section#budgets');
    await section.getByRole('heading', { name: 'Budgets', level: 2 }).waitFor();
    const endpoint = await api<{ id: string }>(page, 'POST', '/api/webhook-endpoints', { url: hooks.url, events: ['budget.threshold_reached'], description: 'Budgets browser test' });

    // The budget, added in the form with a generous amount first.
    const name = `Webshop ${Date.now()}`;
    await section.getByTestId('budget-add').click();
    const dialog = page.getByRole('dialog', { name: 'Add a budget' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    // "Hibernate when reached", with its warning, is offered for Dev/Test and Sandbox only.
    await dialog.getByRole('combobox', { name: 'What it watches' }).selectOption('tier');
    const tier = dialog.getByRole('combobox', { name: 'Tier' });
    await tier.selectOption('tier_devtest');
    await dialog.getByTestId('budget-hibernate-warning').waitFor();
    expect(await dialog.getByTestId('budget-hibernate-warning').textContent()).toContain('their workloads stop until someone wakes them up');
    expect(await seriousViolations(page)).toEqual([]);
    await tier.selectOption('tier_standard');
    await dialog.getByTestId('budget-hibernate-warning').waitFor({ state: 'detached' });
    await dialog.getByRole('combobox', { name: 'What it watches' }).selectOption('cluster');
    await dialog.getByRole('combobox', { name: 'Cluster' }).selectOption(cluster.id);
    await dialog.getByRole('textbox', { name: /Amount per month/ }).fill('100000');
    await dialog.getByRole('button', { name: 'Add budget' }).click();
    await dialog.waitFor({ state: 'detached' });
    const card = section.getByTestId('budget').filter({ hasText: name });
    await card.waitFor();
    expect(await card.textContent()).toContain('No alert this month.');

    // Then an amount whose 80 % lies halfway through that hour's spend: under it without the hour, over it with.
    const listed = await api<{ budgets: Array<{ id: string; name: string; actualCents: number }> }>(page, 'GET', '/api/budgets');
    const budget = listed.budgets.find((candidate) => candidate.name === name)!;
    const hourCents = cluster.millicents / 1000;
    const amountCents = Math.round((budget.actualCents - hourCents / 2) / 0.8);
    expect((budget.actualCents - hourCents) * 100).toBeLessThan(80 * amountCents);
    expect(budget.actualCents * 100).toBeGreaterThanOrEqual(80 * amountCents);
    await card.getByRole('button', { name: `Edit the budget ${name}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit the budget ${name}` });
    await edit.getByRole('textbox', { name: /Amount per month/ }).fill((amountCents / 100).toFixed(2));
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'detached' });

    // The hour out of the metering, then the hourly cron as Cloudflare runs it: metering, then budgets.
    await db.prepare('DELETE FROM usage_records WHERE cluster_id = ? AND hour = ?').bind(cluster.id, hour).run();
    await db.prepare('DELETE FROM metered_hours WHERE hour = ?').bind(hour).run();
    const run = await page.context().request.get(`${BASE_URL}/cdn-cgi/local/scheduled?cron=${encodeURIComponent(HOUSEKEEPING_CRON)}`);
    expect(run.status()).toBe(200);

    // The notification, in the bell.
    await page.getByTestId('notification-bell').click();
    const notification = page.getByTestId('notification-item').filter({ hasText: `Budget "${name}"` });
    await expect.poll(() => notification.count(), { timeout: 30_000 }).toBe(1);
    expect(await notification.textContent()).toContain('spend so far passed 80 %');
    await page.keyboard.press('Escape');

    // The alerts on the budget's card, once the page reads the list again.
    await page.reload();
    await expect.poll(() => card.getByTestId('budget-alerts').textContent(), POLL).toContain('80 % of the spend so far reached');

    // The email, in the development mailbox.
    await page.goto('/dev/mailbox');
    await page.getByLabel('Recipient').fill('alice@acme.example');
    const mail = page.getByTestId('mail-message').filter({ hasText: `Budget alert: ${name}` });
    await expect.poll(() => mail.count(), POLL).toBe(1);
    expect(await mail.textContent()).toContain('spend so far passed 80 %');

    // The webhook, delivered to the endpoint subscribed to budget.threshold_reached.
    const ours = () => hooks.events().filter((event) => event.data.name === name && event.data.basis === 'actual' && event.data.threshold === 80);
    await expect.poll(() => ours().length, { timeout: 30_000 }).toBe(1);
    const delivered = ours()[0]!;
    expect(delivered).toMatchObject({ type: 'budget.threshold_reached', data: { budgetId: budget.id, budgetCents: amountCents, scope: { type: 'cluster', clusterId: cluster.id } } });
    expect(Number(delivered.data.spendCents) * 100).toBeGreaterThanOrEqual(80 * amountCents);

    // Deleted, with its confirmation; the endpoint too.
    await page.goto('/billing');
    await card.getByRole('button', { name: `Delete the budget ${name}` }).click();
    await page.getByRole('button', { name: 'Delete budget' }).click();
    await card.waitFor({ state: 'detached' });
    await api(page, 'DELETE', `/api/webhook-endpoints/${endpoint.id}`);
  });
});
