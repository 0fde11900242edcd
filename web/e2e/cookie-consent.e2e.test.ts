import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { answerCookieBanner, CONSENT_KEY, readConsent, rejectCookies } from './auth-helpers';
import { BASE_URL, it } from './fixtures';

/** vitest's expect.poll gives up after 1 s by default, less than a cold page load. */
const POLL = { timeout: 10_000 } as const;

async function cookieNames(page: Page): Promise<string[]> {
  return (await page.context().cookies()).map((cookie) => cookie.name).sort();
}

async function addTrackingCookies(page: Page): Promise<void> {
  await page.context().addCookies(
    ['_ga', '_gid', '_fbp', '_gcl_au', 'hubspotutk'].map((name) => ({ name, value: `fake-${name}`, url: BASE_URL })),
  );
}

/** Opens `path` offline (the exchange-rate provider unreachable), before any cookie choice: the page's cookie banner. */
async function openOffline(page: Page, path: string): Promise<Locator> {
  await page.goto(path);
  return page.getByTestId('cookie-banner');
}

describe('cookie consent', () => {
  it('shows the banner until Accept All stores every category for version 1.0.0', async ({ page, pageErrors }) => {
    const banner = await openOffline(page, '/about');
    await banner.waitFor();
    expect(await readConsent(page)).toBeNull();

    await answerCookieBanner(page, 'Accept All');
    expect(await readConsent(page)).toMatchObject({
      necessary: true,
      functional: true,
      analytics: true,
      marketing: true,
      hasConsented: true,
      version: '1.0.0',
    });
    expect(typeof (await readConsent(page))?.timestamp).toBe('number');

    await page.reload();
    await page.getByTestId('page-title').waitFor();
    expect(await banner.count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it('Reject All keeps only necessary and deletes analytics and marketing cookies', async ({ page }) => {
    const banner = await openOffline(page, '/pricing');
    await banner.waitFor();
    await addTrackingCookies(page);
    await page.context().addCookies([{ name: 'km_keep_me', value: 'necessary', url: BASE_URL }]);
    expect(await cookieNames(page)).toEqual(expect.arrayContaining(['_ga', '_fbp', 'hubspotutk']));

    await rejectCookies(page);
    expect(await readConsent(page)).toMatchObject({ necessary: true, functional: false, analytics: false, marketing: false, hasConsented: true, version: '1.0.0' });
    const remaining = await cookieNames(page);
    for (const name of ['_ga', '_gid', '_fbp', '_gcl_au', 'hubspotutk']) expect(remaining).not.toContain(name);
    expect(remaining).toContain('km_keep_me');
  });

  it('Customize opens Settings and Details tabs; Save Preferences stores the toggles', async ({ page }) => {
    const banner = await openOffline(page, '/');
    await banner.getByRole('button', { name: 'Customize' }).click();

    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('tab', { name: 'Settings' }).getAttribute('aria-selected')).toBe('true');
    expect(await dialog.getByRole('tab', { name: 'Details' }).count()).toBe(1);

    const necessary = dialog.getByTestId('cookie-toggle-necessary');
    expect(await necessary.isChecked()).toBe(true);
    expect(await necessary.isDisabled()).toBe(true);
    for (const id of ['functional', 'analytics', 'marketing']) {
      expect(await dialog.getByTestId(`cookie-toggle-${id}`).isChecked()).toBe(false);
    }
    const settingsScroll = dialog.locator('.mantine-ScrollArea-root').first();
    await expect.poll(async () => Math.round((await settingsScroll.boundingBox())?.height ?? 0), POLL).toBe(400);

    await dialog.getByTestId('cookie-toggle-analytics').click({ force: true });
    expect(await dialog.getByTestId('cookie-toggle-analytics').isChecked()).toBe(true);

    await dialog.getByRole('tab', { name: 'Details' }).click();
    await dialog.getByText('_ga', { exact: true }).waitFor();
    expect(await dialog.getByText('hubspotutk, __hstc, __hssc, __hssrc').count()).toBe(1);

    await dialog.getByRole('button', { name: 'Save Preferences' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await readConsent(page)).toMatchObject({ necessary: true, functional: false, analytics: true, marketing: false, hasConsented: true });
    expect(await banner.count()).toBe(0);
  });

  it('opens from the openCookiePreferences event; Reset clears the record and shows the banner again', async ({ page }) => {
    await openOffline(page, '/faq');
    await answerCookieBanner(page, 'Accept All');

    await page.evaluate(() => window.dispatchEvent(new Event('openCookiePreferences')));
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    for (const id of ['functional', 'analytics', 'marketing']) {
      expect(await dialog.getByTestId(`cookie-toggle-${id}`).isChecked()).toBe(true);
    }
    await dialog.getByRole('button', { name: 'Reset' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await readConsent(page)).toBeNull();
    await page.getByTestId('cookie-banner').waitFor();
  });

  it('opens from the footer link', async ({ page }) => {
    await openOffline(page, '/about');
    await rejectCookies(page);
    await page.getByTestId('footer-legal').getByRole('button', { name: 'Cookie preferences' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getByTestId('cookie-toggle-analytics').isChecked()).toBe(false);
  });

  it('asks again when the stored record has another version', async ({ page }) => {
    await page.addInitScript((key) => {
      window.localStorage.setItem(
        key,
        JSON.stringify({ necessary: true, functional: true, analytics: true, marketing: true, hasConsented: true, timestamp: 1, version: '0.9.0' }),
      );
    }, CONSENT_KEY);
    await page.goto('/terms');
    await page.getByTestId('cookie-banner').waitFor();
  });

  it('lists the consent categories on the cookie policy page and resets from there', async ({ page }) => {
    await openOffline(page, '/cookie-policy');
    for (const title of ['Strictly necessary', 'Functional', 'Analytics', 'Marketing']) {
      await page.getByRole('heading', { name: title, exact: true }).waitFor();
    }
    await page.getByTestId('cookie-banner').getByRole('button', { name: 'Reject All' }).click();
    const summary = page.getByTestId('consent-summary');
    await expect.poll(() => summary.textContent(), POLL).toContain('Analytics: refused');
    await page.getByRole('button', { name: 'Reset my choice' }).click();
    await page.getByTestId('cookie-banner').waitFor();
    expect(await readConsent(page)).toBeNull();
  });
});

