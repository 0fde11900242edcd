import { describe, expect, it } from 'vitest';
import { useBrowser } from './fixtures';

const EXPECTED_TIER_COUNT = 7;

describe('home page', () => {
  const browser = useBrowser();

  it('lists the cluster tiers from the catalogue', async () => {
    const { page } = browser;
    await page.goto('/');

    const cards = page.getByTestId('tier-card');
    await cards.first().waitFor();
    await expect.poll(() => cards.count()).toBe(EXPECTED_TIER_COUNT);

    const standard = cards.filter({ hasText: 'Standard (Blue)' });
    expect(await standard.count()).toBe(1);
    expect(await standard.getByTestId('tier-monthly-price').textContent()).toMatch(/^€[\d,]+\.\d{2} \/ month$/);
    expect(browser.pageErrors).toEqual([]);
  });

  it('shows the server version and environment in the footer', async () => {
    const { page } = browser;
    await page.goto('/');

    const versionText = page.getByTestId('version-text');
    await expect.poll(() => versionText.textContent()).toBe('v1.16.0');
    expect(await page.getByTestId('environment-badge').textContent()).toBe('DEV');
  });

  it('has the public navigation in the header', async () => {
    const { page } = browser;
    await page.goto('/');

    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.waitFor();
    for (const label of ['Home', 'Pricing', 'Documentation', 'Tutorials']) {
      expect(await nav.getByRole('link', { name: label, exact: true }).count()).toBe(1);
    }
  });

  it('switches between light and dark themes', async () => {
    const { page } = browser;
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');

    const scheme = () => page.locator('html').getAttribute('data-mantine-color-scheme');
    await expect.poll(scheme).toBe('light');
    await page.getByTestId('theme-toggle').click();
    await expect.poll(scheme).toBe('dark');
    await page.getByTestId('theme-toggle').click();
    await expect.poll(scheme).toBe('light');
  });
});

describe('unknown paths', () => {
  const browser = useBrowser();

  it('show the not-found page with a way home', async () => {
    const { page } = browser;
    await page.goto('/definitely-not-a-page');

    const heading = page.getByTestId('not-found');
    await heading.waitFor();
    expect(await heading.textContent()).toBe('Page not found');

    await page.getByRole('link', { name: 'Back to home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('tier-card').first().waitFor();
  });
});
