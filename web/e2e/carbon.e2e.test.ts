import { describe, expect } from 'vitest';
import { seriousViolations } from './a11y';
import { openAsDemoAccount, openAsNewAccount, signInAsDemoAccountWithoutBanner } from './accounts';
import { it, POLL } from './fixtures';
import { configuratorStep, expectStep, nextStep } from './order-helpers';

/**
 * Carbon and jurisdiction (issue 34, ADR 39, docs/product/jurisdiction.md): each region's footprint
 * beside it at configure time with its operator, law and EU-only access; an organisation restricted
 * to EU-only regions; a cluster's region and footprint on its page.
 */
describe('carbon footprint and jurisdiction', () => {
  it(
    'shows each region’s footprint for the configuration and its jurisdiction, and offers only EU-only regions once the organisation asks for them',
    { timeout: 120_000 },
    async ({ page }) => {
      // A new organisation: the restriction must not reach the seeded Acme.
      await openAsNewAccount(page, '/configure-cluster');
      await configuratorStep(page).getByRole('heading', { level: 2, name: 'Choose a cluster tier' }).waitFor();
      await page.getByRole('radio', { name: 'Economy (Green)' }).click();
      await page.getByTestId('estimate-total').waitFor();
      await nextStep(page);
      await expectStep(page, 'Region and zones', 2);

      const card = (name: string) => page.getByTestId('region-option').filter({ hasText: name });
      // Economy's default pool is 2 × gp-2-8: 2 × 7.376 W + the control plane's 7.376 W = 22.128 W;
      // × 730 h = 16.15344 kWh; × PUE 1.58 = 25.5224352 kWh. Paris × 56 g = 1.43 kg; Frankfurt × 381 g = 9.72 kg.
      // Warsaw (PUE 1.40): 16.15344 × 1.4 = 22.614816 kWh × 662 g = 14.97 kg.
      await expect.poll(() => card('Paris PAR1').getByTestId('region-footprint').textContent(), POLL).toContain('≈ 1.4 kg CO₂e a month');
      expect(await card('Frankfurt FRA1').getByTestId('region-footprint').textContent()).toContain('≈ 9.7 kg CO₂e a month');
      expect(await card('Warsaw WAW1').getByTestId('region-footprint').textContent()).toContain('≈ 15 kg CO₂e a month');
      expect(await card('Paris PAR1').getByTestId('region-footprint').textContent()).toContain('grid 56 g/kWh (2023), PUE 1.58');
      // Beside the price, the chosen region's (Paris, preselected).
      expect(await page.getByTestId('price-footprint').textContent()).toContain('Estimated footprint: ≈ 1.4 kg CO₂e a month');
      // The jurisdiction: operator, country, law, certifications, and the EU-only badge where it holds.
      const paris = await card('Paris PAR1').getByTestId('region-jurisdiction').textContent();
      expect(paris).toContain('Operated by KubeMarket Demo SAS in France · French law');
      expect(paris).toContain('SecNumCloud');
      expect(paris).toContain('EU-only access');
      expect(await card('Warsaw WAW1').getByTestId('region-jurisdiction').textContent()).not.toContain('EU-only access');
      expect(await page.getByRole('radio', { name: /Warsaw WAW1/ }).isDisabled()).toBe(false);

      // The owner restricts the organisation to EU-only regions in Settings → Team.
      await page.goto('/settings?tab=team');
      const form = page.getByTestId('region-policy-form');
      await form.getByRole('switch', { name: 'Only regions with EU-only access' }).check();
      await form.getByRole('button', { name: 'Save' }).click();
      await page.getByText('New clusters go only to regions with EU-only access.').waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      // The configurator (the draft kept) now disables the others, with the reason.
      await page.goto('/configure-cluster?step=2');
      await expectStep(page, 'Region and zones', 2, { focused: false });
      await expect.poll(() => page.getByRole('radio', { name: /Warsaw WAW1/ }).isDisabled(), POLL).toBe(true);
      expect(await card('Warsaw WAW1').getByTestId('region-refused').textContent()).toBe(
        'Your organisation orders only in regions with EU-only access; people outside the EU can reach data in this region.',
      );
      expect(await page.getByRole('radio', { name: /Frankfurt FRA1/ }).isDisabled()).toBe(false);
      expect(await seriousViolations(page)).toEqual([]);
    },
  );

  it('shows a cluster’s region, its law and EU-only access, and its footprint this month and for a month as it is', { timeout: 60_000 }, async ({ page }) => {
    await openAsDemoAccount(page, 'alice', '/clusters/clu_demo_webshop');
    const section = page.locator('#footprint');
    await section.getByRole('heading', { name: 'Region and footprint' }).waitFor();
    expect(await section.getByTestId('region-jurisdiction').textContent()).toContain('Operated by KubeMarket Demo SAS in France · French law');
    await expect.poll(() => section.getByTestId('footprint-month-estimate').textContent(), POLL).toMatch(/kg CO₂e \([\d.,]+ kWh, [\d.,]+ W on average\)/);
    expect(await section.getByTestId('footprint-month-to-date').textContent()).toMatch(/CO₂e \([\d.,]+ kWh, [\d.,]+ node-hours\)/);
    expect(await section.getByTestId('footprint-region-figures').textContent()).toContain('Grid 56 g CO₂e/kWh (Ember');
  });

  it('charts each cluster’s estimated kg CO₂e on /usage, with a table per cluster and the sources', { timeout: 60_000 }, async ({ page }) => {
    await openAsDemoAccount(page, 'alice', '/usage');
    const section = page.getByTestId('usage-carbon');
    await section.getByRole('heading', { name: 'Estimated carbon footprint' }).waitFor();
    // The chart is drawn once it scrolls into view.
    await section.evaluate((card) => card.scrollIntoView({ block: 'start' }));
    await section.getByTestId('usage-carbon-chart').getByTestId('usage-chart-legend').getByText('webshop-prod').waitFor();
    const table = section.getByTestId('usage-carbon-table');
    await expect.poll(() => table.getByRole('row').filter({ hasText: 'webshop-prod' }).count(), POLL).toBe(1);
    expect(await table.getByRole('row').filter({ hasText: 'analytics-eu' }).textContent()).toContain('de-fra-1');
    const sources = await section.getByTestId('usage-carbon-sources').textContent();
    expect(sources).toContain('Cloud Carbon Footprint');
    expect(sources).toContain('Frankfurt FRA1: 381 g CO₂e/kWh');
  });

  it('lets staff edit a region’s grid intensity with its source and add a GPU card’s power factor', { timeout: 60_000 }, async ({ page }) => {
    await signInAsDemoAccountWithoutBanner(page, 'olivia');
    await page.goto('/officers/manage-clusters?tab=regions');
    const regions = page.getByRole('table', { name: 'Regions' });
    await regions.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // Madrid is planned: nothing is sold there, so no other test reads its figures.
    const madrid = page.locator('[data-testid="catalog-row"][data-id="es-mad-1"]');
    await madrid.getByRole('button', { name: 'Edit Madrid MAD1' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Madrid MAD1' });
    await dialog.getByRole('textbox', { name: 'Grid intensity (g CO₂e/kWh)' }).fill('150');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    // A new figure without its source or year is refused, and says so.
    await dialog.getByText('Give the source or year of the new grid intensity of es-mad-1, not only the figure.').waitFor();
    await dialog.getByRole('textbox', { name: 'Grid intensity year' }).fill('2024');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => madrid.textContent(), POLL).toContain('150 (2024)');

    const model = `E2E ${Date.now().toString(36)}`;
    await page.getByRole('button', { name: 'Add factor' }).click();
    const add = page.getByRole('dialog', { name: 'Add a power factor' });
    await add.getByRole('textbox', { name: 'Factor' }).fill(`gpu:${model}`);
    await add.getByRole('textbox', { name: 'Label' }).fill(`${model} card`);
    await add.getByRole('textbox', { name: 'Average power (W per unit)' }).fill('300');
    await add.getByRole('textbox', { name: 'Year' }).fill('2025');
    await add.getByRole('textbox', { name: 'Source' }).fill('E2E datasheet: 300 W');
    await add.getByRole('button', { name: 'Add factor' }).click();
    await add.waitFor({ state: 'detached' });
    await expect.poll(() => page.locator(`[data-testid="catalog-row"][data-id="gpu:${model}"]`).textContent(), POLL).toContain('300 W');
  });
});
