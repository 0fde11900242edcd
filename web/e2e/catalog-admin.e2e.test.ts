import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { demoAccountBeside, signInAsDemoAccount, signInAsDemoAccountWithoutBanner } from './accounts';
import { anotherContext, BASE_URL, it, POLL } from './fixtures';

/** Picks options of a Mantine MultiSelect, then leaves it by clicking `away` so its list closes. */
async function pick(page: Page, scope: Locator, label: string, options: readonly string[], away: Locator): Promise<void> {
  await scope.getByLabel(label).click();
  for (const option of options) await page.getByRole('option', { name: option, exact: true }).click();
  await away.click();
}

/** The UTC day after today, as a date field takes it, and as the lists show it. */
function tomorrowUtc(): { field: string; shown: string } {
  const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
  return {
    field: tomorrow.toISOString().slice(0, 10),
    shown: new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }).format(Date.UTC(tomorrow.getUTCFullYear(), tomorrow.getUTCMonth(), tomorrow.getUTCDate())),
  };
}

/** A GET of the staff REST API with the page's session cookie. */
async function adminGet<T>(page: Page, path: string): Promise<T> {
  const response = await page.context().request.get(`${BASE_URL}/api/admin/catalog${path}`);
  if (response.status() !== 200) throw new Error(`GET ${path} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** The page's CSRF token, for a staff REST call with its session cookie. */
async function csrfOf(page: Page): Promise<string> {
  const response = await page.context().request.get(`${BASE_URL}/api/user`);
  return response.headers()['x-csrf-token'] ?? '';
}

const row = (page: Page, id: string) => page.locator(`[data-testid="catalog-row"][data-id="${id}"]`);

describe('staff catalogue editing', () => {
  it('lets an officer create an add-on, schedule a price change, archive it and restore it', { timeout: 120_000 }, async ({ page }) => {
    const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const id = `addon_e2e_${suffix}`;
    const name = `E2E add-on ${suffix}`;
    await signInAsDemoAccountWithoutBanner(page, 'olivia');
    await page.goto('/officers/manage-addons');
    await page.getByRole('heading', { level: 1, name: 'Manage Add-ons' }).waitFor();
    await page.getByRole('table', { name: 'Add-ons' }).waitFor();

    // Create, with a price in euros.
    await page.getByRole('button', { name: 'Create add-on' }).click();
    const create = page.getByRole('dialog', { name: 'Create an add-on' });
    const nameInput = create.getByRole('textbox', { name: 'Name', exact: true });
    await create.getByRole('textbox', { name: 'Id', exact: true }).fill(id);
    await nameInput.fill(name);
    await create.getByRole('textbox', { name: 'Description', exact: true }).fill('An add-on made by the browser tests.');
    await create.getByRole('textbox', { name: 'Version', exact: true }).fill('1.0');
    await create.getByRole('textbox', { name: 'Price per cluster per month', exact: true }).fill('12.34');
    await pick(page, create, 'Compatible cluster tiers', ['Standard (Blue)'], nameInput);
    await create.getByRole('button', { name: 'Create add-on' }).click();
    await page.getByText('Add-on created').waitFor();
    await create.waitFor({ state: 'detached' });

    const added = row(page, id);
    await added.waitFor();
    expect(await added.getByTestId('monthly-price').textContent()).toBe('€12.34');
    expect(await added.getByTestId('status-badge').textContent()).toBe('Active');
    expect(await added.textContent()).toContain('Standard (Blue)');

    // A new price from tomorrow: the list keeps today's price and shows the scheduled one.
    const tomorrow = tomorrowUtc();
    await added.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${name}` });
    const price = edit.getByRole('textbox', { name: 'Price per cluster per month', exact: true });
    expect(await price.inputValue()).toBe('€12.34');
    await price.fill('15.50');
    await edit.getByLabel('Price change applies from (UTC)').fill(tomorrow.field);
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Add-on saved').waitFor();
    await edit.waitFor({ state: 'detached' });
    await expect.poll(() => added.getByTestId('scheduled-prices').textContent(), POLL).toBe(`From ${tomorrow.shown}: €15.50 / month`);
    expect(await added.getByTestId('monthly-price').textContent()).toBe('€12.34');

    // Archive: the confirmation says what happens to existing clusters and orders.
    await added.getByRole('button', { name: `Archive ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: `Archive ${name}?` });
    expect(await confirm.textContent()).toContain('stays on existing clusters and orders');
    await confirm.getByRole('button', { name: 'Archive', exact: true }).click();
    await page.getByText('Add-on archived').waitFor();
    await added.waitFor({ state: 'detached' });
    await page.getByRole('switch', { name: /^Show archived add-ons/ }).check();
    await expect.poll(() => added.getByTestId('status-badge').textContent(), POLL).toBe('Archived');

    // Restore.
    await added.getByRole('button', { name: `Restore ${name}` }).click();
    await page.getByRole('dialog', { name: `Restore ${name}?` }).getByRole('button', { name: 'Restore', exact: true }).click();
    await page.getByText('Add-on restored').waitFor();
    await expect.poll(() => added.getByTestId('status-badge').textContent(), POLL).toBe('Active');

    // The search box narrows the list to it.
    await page.getByRole('searchbox', { name: 'Search add-ons' }).fill(suffix);
    await expect.poll(() => page.getByTestId('catalog-row').count(), POLL).toBe(1);
  });

  it('sends a large price cut for approval; another administrator applies it from the Officers Panel', { timeout: 120_000 }, async ({ page }) => {
    await signInAsDemoAccountWithoutBanner(page, 'olivia');
    const suffix = Date.now().toString(36);
    const id = `addon_e2e_cut_${suffix}`;
    const name = `E2E cut ${suffix}`;
    const created = await page.context().request.post(`${BASE_URL}/api/admin/catalog/addons`, {
      headers: { 'X-CSRF-Token': await csrfOf(page) },
      data: { id, name, category: 'monitoring', description: 'An add-on whose price the browser tests cut.', version: '1.0', monthlyPriceCents: 2_000, compatibleTierIds: ['tier_standard'] },
    });
    expect(created.status()).toBe(201);

    // A cut from €20.00 to €5.00 is more than one person makes alone: the form offers to send it.
    await page.goto('/officers/manage-addons');
    await page.getByRole('searchbox', { name: 'Search add-ons' }).fill(suffix);
    await row(page, id).getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: `Edit ${name}` });
    await edit.getByRole('textbox', { name: 'Price per cluster per month', exact: true }).fill('5');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    const send = page.getByRole('dialog', { name: 'Send this change for approval?' });
    await send.getByText('The monthly price falls by 75 %').waitFor();
    await send.getByRole('textbox', { name: /Why this change/ }).fill('Matching the partner price list');
    await send.getByRole('button', { name: 'Send for approval' }).click();
    await page.getByText('Sent for approval').waitFor();
    expect((await adminGet<Array<{ id: string; monthlyPriceCents: number }>>(page, '/addons')).find((addon) => addon.id === id)?.monthlyPriceCents).toBe(2_000);

    // Olivia sees it waiting for someone else; Adam, an administrator, approves it.
    await page.goto('/officers/panel');
    const waiting = page.getByTestId('change-request').filter({ hasText: `Price of ${id}` });
    await expect.poll(() => waiting.textContent(), POLL).toContain('Another administrator decides');
    const adam = await demoAccountBeside(page, 'adam');
    try {
      await adam.goto('/officers/panel');
      const request = adam.getByTestId('change-request').filter({ hasText: `Price of ${id}` });
      expect(await request.textContent()).toContain('Matching the partner price list');
      await request.getByRole('button', { name: 'Approve' }).click();
      await adam.getByRole('dialog', { name: 'Approve this catalogue change?' }).getByRole('button', { name: 'Approve and apply' }).click();
      await adam.getByText('Change approved').waitFor();
      await request.waitFor({ state: 'detached' });
    } finally {
      await adam.context().close();
    }
    expect((await adminGet<Array<{ id: string; monthlyPriceCents: number }>>(page, '/addons')).find((addon) => addon.id === id)?.monthlyPriceCents).toBe(500);
  });

  it('sends the restoring of a withdrawn large promotion for approval instead of failing', { timeout: 120_000 }, async ({ page }) => {
    await signInAsDemoAccountWithoutBanner(page, 'olivia');
    const code = `E2EBIG${Date.now().toString(36).toUpperCase()}`;
    const api = async (context: { request: Page['request'] }, path: string, data?: object) => {
      const csrf = (await context.request.get(`${BASE_URL}/api/user`)).headers()['x-csrf-token'] ?? '';
      return context.request.post(`${BASE_URL}/api/admin/catalog${path}`, { headers: { 'X-CSRF-Token': csrf }, data: data ?? {} });
    };
    // A 40 % code is above what one person offers alone: Olivia sends it, Adam approves it, Olivia withdraws it.
    const promotion = { code, description: 'A large promotion the browser tests withdraw and restore.', kind: 'percent', value: 4_000 };
    expect((await api(page, '/promotions', promotion)).status()).toBe(412);
    const filed = await api(page, '/change-requests', { procedure: 'catalogAdmin.promotions.create', input: promotion, reason: 'Partner launch' });
    expect(filed.status()).toBe(200);
    const { id: createRequest } = (await filed.json()) as { id: string };
    const adamContext = await anotherContext(page);
    try {
      const adam = await adamContext.newPage();
      await signInAsDemoAccount(adam, 'adam');
      expect((await api(adam, `/change-requests/${createRequest}/approve`)).status()).toBe(200);
    } finally {
      await adamContext.close();
    }
    expect((await api(page, `/promotions/${code}/archive`)).status()).toBe(200);

    // Restoring it puts a 40 % discount back on sale: the dialog offers to send it for approval.
    await page.goto('/officers/manage-support-plans?tab=promotions');
    await page.getByRole('searchbox', { name: 'Search promotions' }).fill(code);
    await page.getByRole('switch', { name: /Show archived promotions/ }).check();
    await row(page, code).getByRole('button', { name: `Restore ${code}` }).click();
    await page.getByRole('dialog', { name: `Restore ${code}?` }).getByRole('button', { name: 'Restore' }).click();
    const send = page.getByRole('dialog', { name: 'Send this change for approval?' });
    await send.getByText('A 40 % discount is above').waitFor();
    await send.getByRole('textbox', { name: /Why this change/ }).fill('The partner launch is back on');
    await send.getByRole('button', { name: 'Send for approval' }).click();
    await page.getByText('Sent for approval').waitFor();
    const requests = (await (await page.context().request.get(`${BASE_URL}/api/admin/catalog/change-requests`)).json()) as Array<{ procedure: string; subject: string; status: string; reason: string }>;
    expect(requests.find((request) => request.procedure === 'catalogAdmin.promotions.restore' && request.subject === `promotion:${code}`)).toMatchObject({ status: 'pending', reason: 'The partner launch is back on' });
    expect((await adminGet<Array<{ code: string; archivedAt: number | null }>>(page, '/promotions')).find((item) => item.code === code)?.archivedAt).not.toBeNull();
  });

  it('says what is wrong in a form, from the client check and from the server, next to the fields', { timeout: 90_000 }, async ({ page }) => {
    await signInAsDemoAccountWithoutBanner(page, 'olivia');
    await page.goto('/officers/manage-addons');
    await page.getByRole('button', { name: 'Create add-on' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create an add-on' });
    const nameInput = dialog.getByRole('textbox', { name: 'Name', exact: true });
    await dialog.getByRole('textbox', { name: 'Id', exact: true }).fill('Not a slug!');
    await dialog.getByRole('textbox', { name: 'Price per cluster per month', exact: true }).fill('-5');
    await dialog.getByRole('button', { name: 'Create add-on' }).click();
    await dialog.getByText('Name is required.').waitFor();
    await dialog.getByText('Monthly price cannot be negative.').waitFor();
    expect(await nameInput.getAttribute('aria-invalid')).toBe('true');

    // Fixed on the client, the id is still refused by the server: its message sits under the Id field.
    await nameInput.fill('Validation probe');
    await dialog.getByRole('textbox', { name: 'Description', exact: true }).fill('Never created.');
    await dialog.getByRole('textbox', { name: 'Version', exact: true }).fill('1.0');
    await dialog.getByRole('textbox', { name: 'Price per cluster per month', exact: true }).fill('5');
    await pick(page, dialog, 'Compatible cluster tiers', ['Sandbox (Gray)'], nameInput);
    await dialog.getByRole('button', { name: 'Create add-on' }).click();
    const idInput = dialog.getByRole('textbox', { name: 'Id', exact: true });
    await dialog.getByText(/Add-on id must be a lower-case slug/).waitFor();
    expect(await idInput.getAttribute('aria-invalid')).toBe('true');
    await page.getByText('Add-on not saved').waitFor();
  });

  it('opens a cluster tier for editing with its values', { timeout: 90_000 }, async ({ page }) => {
    await signInAsDemoAccountWithoutBanner(page, 'olivia');
    interface Tier {
      id: string;
      name: string;
      purpose: string;
      monthlyPriceCents: number;
      yearlyPriceCents: number;
      maxNodes: number;
      haControlPlane: string;
      allowedFlavorIds: string[];
    }
    const tier = (await adminGet<Tier[]>(page, '/cluster-tiers')).find((candidate) => candidate.id === 'tier_standard')!;
    const flavors = await adminGet<{ id: string; name: string }[]>(page, '/node-flavors');
    await page.goto('/officers/manage-clusters');
    await page.getByRole('table', { name: 'Cluster tiers' }).waitFor();
    await row(page, tier.id).getByRole('button', { name: `Edit ${tier.name}` }).click();

    const dialog = page.getByRole('dialog', { name: `Edit ${tier.name}` });
    const euros = async (label: string) => Number((await dialog.getByRole('textbox', { name: label, exact: true }).inputValue()).replace(/[€,]/g, ''));
    expect(await dialog.getByRole('textbox', { name: 'Id', exact: true }).inputValue()).toBe(tier.id);
    expect(await dialog.getByRole('textbox', { name: 'Name', exact: true }).inputValue()).toBe(tier.name);
    expect(await dialog.getByRole('textbox', { name: 'Purpose', exact: true }).inputValue()).toBe(tier.purpose);
    expect(await euros('Monthly price')).toBe(tier.monthlyPriceCents / 100);
    expect(await euros('Yearly price')).toBe(tier.yearlyPriceCents / 100);
    expect(Number(await dialog.getByRole('textbox', { name: 'Maximum nodes', exact: true }).inputValue())).toBe(tier.maxNodes);
    const haLabels: Record<string, string> = { included: 'Included', optional: 'Optional, priced', unavailable: 'Unavailable' };
    expect(await dialog.getByRole('combobox', { name: 'High-availability control plane', exact: true }).inputValue()).toBe(haLabels[tier.haControlPlane]);
    for (const flavorId of tier.allowedFlavorIds) {
      const flavorName = flavors.find((flavor) => flavor.id === flavorId)!.name;
      await dialog.getByText(flavorName, { exact: true }).waitFor();
    }
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('links the Officers Panel to every staff page', { timeout: 60_000 }, async ({ page }) => {
    await signInAsDemoAccountWithoutBanner(page, 'olivia');
    await page.goto('/officers/panel');
    await page.getByRole('heading', { level: 1, name: 'Officers Panel' }).waitFor();
    const links: [string, string][] = [
      ['Manage cluster tiers, flavours and versions', '/officers/manage-clusters'],
      ['Manage add-ons', '/officers/manage-addons'],
      ['Manage middlewares', '/officers/manage-middlewares'],
      ['Manage support plans and promotions', '/officers/manage-support-plans'],
      ['Custom solution requests', '/custom-solutions'],
      ['Manage users', '/officers/manage-users'],
      ['Incident tickets', '/officers/incident-tickets'],
      ['Organizations', '/officers/organizations'],
      ['Clusters', '/officers/clusters'],
      ['Add-ons', '/officers/addons'],
      ['Middlewares', '/officers/middlewares'],
      ['Support plans', '/officers/support-plans'],
      ['Pending registrations', '/admin/pending-registrations'],
      ['Promotion requests', '/admin/promotion-requests'],
      ['Organization users', '/admin/organization-users'],
    ];
    const panel = page.getByTestId('officers-panel');
    // "Needs attention" links to some of the same pages under the same names once its counts load.
    for (const [name, href] of links) {
      const matches = panel.getByRole('link', { name, exact: true });
      await matches.first().waitFor();
      for (const link of await matches.all()) expect(await link.getAttribute('href')).toBe(href);
    }
    // The cards count what each screen holds, from the staff lists.
    await expect.poll(() => page.getByTestId('panel-card').first().textContent(), POLL).toMatch(/\d+ tiers on sale/);

    await panel.getByRole('link', { name: 'Manage middlewares', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/officers/manage-middlewares');
    await page.getByRole('button', { name: 'Plans of PostgreSQL' }).click();
    await page.getByRole('table', { name: 'Plans of PostgreSQL' }).waitFor();
    await expect.poll(() => page.getByTestId('plans-panel').getByTestId('catalog-row').count(), POLL).toBeGreaterThan(0);
  });

  it('tells a customer they need staff access, with no catalogue controls, and the server refuses them', { timeout: 60_000 }, async ({ page }) => {
    await signInAsDemoAccountWithoutBanner(page, 'alice');
    await page.goto('/officers/manage-addons');
    const refusal = page.getByTestId('staff-access-required');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain('You need staff access');
    expect(await page.getByRole('button', { name: 'Create add-on' }).count()).toBe(0);
    expect(await page.getByRole('table').count()).toBe(0);
    expect((await page.context().request.get(`${BASE_URL}/api/admin/catalog/addons`)).status()).toBe(403);
  });
});
