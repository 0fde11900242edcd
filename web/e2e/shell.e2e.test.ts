import { FALLBACK_CLUSTER_TYPE_LINKS, clusterTypeFromTierName, tierDisplayName } from '@kubemarket/shared';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { signInAsNewAccount } from './accounts';
import type { Account, AccountOptions } from './accounts';
import { sessionItem, withNecessaryConsent } from './auth-helpers';
import { BASE_URL, it } from './fixtures';
import { FORWARD_SLIDE, recordViewTransitions } from './view-transitions';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/**
 * Every test starts with cookie choices already made, so the consent banner (tested on its own)
 * does not sit over the bottom of the page where the floating menu button lives.
 */
function withCookieChoiceMade() {
  it.beforeEach(async ({ page }) => {
    // A step that cannot happen fails with its own message instead of the whole test timing out.
    page.setDefaultTimeout(10_000);
    await withNecessaryConsent(page);
  });
}

/** A fresh organisation and user of the given roles, signed in and on the dashboard. */
async function signInAsNew(page: Page, options: AccountOptions = {}): Promise<Account> {
  const account = await signInAsNewAccount(page, options);
  await page.goto('/dashboard');
  await page.getByTestId('user-menu').waitFor();
  await page.getByTestId('dashboard-welcome').waitFor();
  expect(new URL(page.url()).pathname).toBe('/dashboard');
  return account;
}

async function linkLabels(page: Page, scope: ReturnType<Page['locator']>): Promise<string[]> {
  await scope.getByRole('link').first().waitFor();
  return (await scope.getByRole('link').allTextContents()).map((text) => text.trim());
}

function toast(page: Page, text: string) {
  return page.getByTestId('toast-region').getByRole('alert').filter({ hasText: text });
}

describe('site header', () => {
  withCookieChoiceMade();

  it('offers the public pages and Sign In when signed out', async ({ page, pageErrors }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/');

    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await linkLabels(page, nav)).toEqual(['Home', 'Pricing', 'Documentation', 'Tutorials']);
    expect(await page.getByTestId('sign-in-link').textContent()).toBe('Sign In');
    expect(await page.getByTestId('home-icon').getAttribute('href')).toBe('/');
    await page.getByTestId('theme-toggle').waitFor();
    expect(await page.getByTestId('user-menu').count()).toBe(0);
    expect(await page.getByTestId('dashboard-link').count()).toBe(0);
    expect(await page.getByTestId('mobile-menu-button').count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it('switches between light and dark themes, with a dark or light class on the root element as Mantine\'s scheme', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');

    const rootClass = () => page.locator('html').getAttribute('class');
    const scheme = () => page.locator('html').getAttribute('data-mantine-color-scheme');
    await expect.poll(rootClass).toContain('light');
    await expect.poll(scheme).toBe('light');
    await page.getByTestId('theme-toggle').click();
    await expect.poll(rootClass).toContain('dark');
    expect(await rootClass()).not.toContain('light');
    expect(await scheme()).toBe('dark');
    await page.getByTestId('theme-toggle').click();
    await expect.poll(rootClass).toContain('light');
    await expect.poll(scheme).toBe('light');
  });

  it('adds Support, the dashboard icon, the bell and the user menu when signed in', async ({ page, pageErrors }) => {
    await page.setViewportSize(DESKTOP);
    const account = await signInAsNew(page);

    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await linkLabels(page, nav)).toEqual(['Home', 'Pricing', 'Documentation', 'Tutorials', 'Support']);
    expect(await page.getByTestId('dashboard-link').getAttribute('href')).toBe('/dashboard');
    await page.getByTestId('notification-bell').waitFor();
    expect(await page.getByTestId('sign-in-link').count()).toBe(0);

    await page.getByTestId('user-menu').click();
    expect(await page.getByTestId('user-menu-name').textContent()).toBe(account.username);
    expect(await page.getByTestId('user-menu-email').textContent()).toBe(account.email);
    expect(await page.getByTestId('user-menu-company').textContent()).toBe(account.organization.name);
    expect(await page.getByTestId('user-menu-billing-id').textContent()).toBe(`Billing ID: ${account.organization.billingId}`);
    const items = (await page.getByRole('menu').getByRole('menuitem').allTextContents()).map((text) => text.trim());
    expect(items).toEqual(['Settings', 'Logout']);
    expect(pageErrors).toEqual([]);
  });

  it('shows Officers Panel to an officer and leads to the panel', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signInAsNew(page, { role: 'officer' });

    await page.getByTestId('user-menu').click();
    const officersPanel = page.getByRole('menuitem', { name: 'Officers Panel' });
    await officersPanel.waitFor();
    const items = (await page.getByRole('menu').getByRole('menuitem').allTextContents()).map((text) => text.trim());
    expect(items).toEqual(['Officers Panel', 'Settings', 'Logout']);

    await officersPanel.click();
    await page.waitForURL((url) => url.pathname === '/officers/panel');
    expect(await page.getByTestId('page-title').textContent()).toBe('Officers Panel');
    // The panel itself (issue 10): its catalogue cards lead to the manage pages.
    await page.getByTestId('officers-panel').waitFor();
    expect(await page.getByRole('link', { name: /Manage add-ons/ }).first().getAttribute('href')).toBe('/officers/manage-addons');
  });

  it('shows Logging out... in the menu while the logout is pending', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signInAsNew(page);

    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/logout', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout-button').click();
    await expect.poll(() => page.getByTestId('logout-button').textContent()).toBe('Logging out...');
    release();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('sign-in-link').waitFor();
  });
});

describe('mobile mode', () => {
  withCookieChoiceMade();

  it('moves the navigation into a floating menu at 390 px (signed out)', async ({ page, pageErrors }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/');

    const button = page.getByTestId('mobile-menu-button');
    await button.waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
    const box = await button.boundingBox();
    expect(box && box.x + box.width).toBeGreaterThan(PHONE.width - 40);
    expect(box && box.y + box.height).toBeGreaterThan(PHONE.height - 40);

    await button.click();
    const panel = page.getByTestId('mobile-menu-panel');
    expect(await linkLabels(page, panel)).toEqual(['Home', 'Pricing', 'Documentation', 'Tutorials', 'Login']);
    await panel.getByRole('link', { name: 'Login' }).click();
    await page.waitForURL((url) => url.pathname === '/auth');
    await expect.poll(() => panel.count()).toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it('lists the signed-in entries, Officers Panel included for an officer, and toggles the sidebar on a dashboard page', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signInAsNew(page, { role: 'officer' });

    const overlay = page.getByRole('dialog', { name: 'Dashboard navigation' });
    expect(await overlay.count()).toBe(0);
    await page.getByTestId('mobile-menu-button').click();
    const panel = page.getByTestId('mobile-menu-panel');
    // Officers Panel joins the list when the officers access check answers (a query of its own).
    await expect.poll(() => linkLabels(page, panel)).toEqual(['Dashboard', 'Home', 'Documentation', 'Tutorials', 'Support', 'Officers Panel', 'Settings']);
    expect(await panel.getByTestId('mobile-menu-logout').textContent()).toBe('Logout');
    await overlay.waitFor();
    await overlay.getByRole('navigation', { name: 'Dashboard' }).waitFor();

    await page.getByTestId('mobile-menu-button').click();
    await expect.poll(() => overlay.count()).toBe(0);
    await expect.poll(() => panel.count()).toBe(0);
  });

  it('does not touch the sidebar from a page outside the dashboard layout', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signInAsNew(page);
    await page.goto('/order-status');
    await page.getByTestId('page-title').waitFor();

    await page.getByTestId('mobile-menu-button').click();
    expect(await linkLabels(page, page.getByTestId('mobile-menu-panel'))).toEqual(['Dashboard', 'Home', 'Documentation', 'Tutorials', 'Support', 'Settings']);
    expect(await page.getByRole('dialog', { name: 'Dashboard navigation' }).count()).toBe(0);
  });

  it('is decided again when the window is resized', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    expect(await page.getByTestId('mobile-menu-button').count()).toBe(0);
    // Every change of the page is checked: the inline navigation and the floating button are never
    // on screen together, not even for one commit.
    await page.evaluate(() => {
      const both = () => Boolean(document.querySelector('nav[aria-label="Main"]') && document.querySelector('[data-testid="mobile-menu-button"]'));
      const record = window as unknown as { bothShown: number };
      record.bothShown = 0;
      new MutationObserver(() => {
        if (both()) record.bothShown += 1;
      }).observe(document.body, { childList: true, subtree: true });
    });

    for (let round = 0; round < 3; round += 1) {
      await page.setViewportSize({ width: 1024, height: 800 });
      await page.getByTestId('mobile-menu-button').waitFor();
      expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);

      await page.setViewportSize({ width: 1025, height: 800 });
      await page.getByRole('navigation', { name: 'Main' }).waitFor();
      expect(await page.getByTestId('mobile-menu-button').count()).toBe(0);
    }
    expect(await page.evaluate(() => (window as unknown as { bothShown: number }).bothShown)).toBe(0);
  });
});

describe('dashboard sidebar', () => {
  withCookieChoiceMade();

  const sidebar = (page: Page) => page.getByTestId('dashboard-sidebar');

  it('lists the console sections with both groups open and the counts from the server', async ({ page, pageErrors }) => {
    await page.setViewportSize(DESKTOP);
    await signInAsNew(page);

    const nav = sidebar(page).getByRole('navigation', { name: 'Dashboard' });
    expect(await linkLabels(page, nav)).toEqual([
      'Dashboard',
      'Configure New Cluster',
      'View All Clusters',
      'Add-ons',
      'Marketplace',
      'Clusters',
      'Add-ons',
      'Middlewares',
      'Support',
      'Billing',
      'Usage',
      'Price Estimator',
      'Settings',
    ].map((label) => (label === 'View All Clusters' ? expect.stringMatching(/^View All Clusters\d*$/) : label)));
    expect(await nav.getByRole('link', { name: /^Middlewares/ }).getAttribute('href')).toBe('/orders/products');

    const footer = sidebar(page).getByRole('navigation', { name: 'Help and resources' });
    expect(await linkLabels(page, footer)).toEqual(['Tutoriels & Docs', 'Aide & Support', 'Pricing', 'Documentation']);
    expect(await sidebar(page).getByTestId('sidebar-logout').textContent()).toBe('Logout');

    const response = await page.request.get(`${BASE_URL}/api/sidebar-counts`);
    const counts = (await response.json()) as { clusters: number; orders: { total: number } };
    await expect.poll(() => sidebar(page).getByTestId('sidebar-count-clusters').textContent()).toBe(String(counts.clusters));
    expect(await sidebar(page).getByTestId('sidebar-count-orders').textContent()).toBe(String(counts.orders.total));
    expect(pageErrors).toEqual([]);
  });

  it('shows User Management to an admin', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signInAsNew(page, { role: 'admin' });

    const nav = sidebar(page).getByRole('navigation', { name: 'Dashboard' });
    const labels = await linkLabels(page, nav);
    expect(labels.slice(-2)).toEqual(['User Management', 'Settings']);
    await nav.getByRole('link', { name: 'User Management' }).click();
    await page.waitForURL((url) => url.pathname === '/user-management');
    expect(await page.getByTestId('page-title').textContent()).toBe('User Management');
  });

  it('collapses to an icon rail with the system status, and back', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signInAsNew(page);

    const rail = page.getByRole('complementary', { name: 'Dashboard sidebar' });
    const width = async () => (await rail.boundingBox())?.width;
    await expect.poll(width).toBe(288);
    expect(await page.getByTestId('system-status').count()).toBe(0);

    await page.getByTestId('sidebar-collapse-toggle').click();
    await expect.poll(width).toBe(64);
    expect(await page.getByTestId('system-status').getAttribute('aria-label')).toBe('System Status: Healthy');
    expect(await sidebar(page).getByText('Configure New Cluster').count()).toBe(0);
    await sidebar(page).getByRole('link', { name: 'Billing' }).click();
    await page.waitForURL((url) => url.pathname === '/billing');

    await page.getByTestId('sidebar-collapse-toggle').click();
    await expect.poll(width).toBe(288);
    expect(await page.getByTestId('system-status').count()).toBe(0);
  });

  it('follows the toggleDashboardSidebar window event: the rail on desktop, the overlay on a phone', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signInAsNew(page);
    const toggle = () => page.evaluate(() => window.dispatchEvent(new Event('toggleDashboardSidebar')));

    const rail = page.getByRole('complementary', { name: 'Dashboard sidebar' });
    await toggle();
    await expect.poll(async () => (await rail.boundingBox())?.width).toBe(64);
    await toggle();
    await expect.poll(async () => (await rail.boundingBox())?.width).toBe(288);

    await page.setViewportSize(PHONE);
    await expect.poll(() => rail.count()).toBe(0);
    const overlay = page.getByRole('dialog', { name: 'Dashboard navigation' });
    await toggle();
    await overlay.waitFor();
    await overlay.getByRole('link', { name: 'Marketplace' }).click();
    await page.waitForURL((url) => url.pathname === '/marketplace');
    await expect.poll(() => overlay.count()).toBe(0);
  });

  it('refreshes the counts on every page change', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signInAsNew(page);
    await sidebar(page).getByTestId('sidebar-count-clusters').waitFor();

    let countRequests = 0;
    page.on('request', (request) => {
      if (request.url().includes('dashboard.sidebarCounts')) countRequests += 1;
    });
    await sidebar(page).getByRole('link', { name: 'Usage' }).click();
    await page.waitForURL((url) => url.pathname === '/usage');
    await expect.poll(() => countRequests).toBe(1);
    await sidebar(page).getByRole('link', { name: 'Price Estimator' }).click();
    await page.waitForURL((url) => url.pathname === '/price-estimator');
    await expect.poll(() => countRequests).toBe(2);
  });
});

describe('signed-in layouts', () => {
  withCookieChoiceMade();

  it('give each section a page header inside the right layout', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signInAsNew(page);

    // Every screen of docs/product/screens.md is built now; the console's pages sit in the dashboard layout.
    await page.goto('/billing');
    expect(await page.getByTestId('page-title').textContent()).toBe('Billing');
    expect(await page.getByTestId('dashboard-sidebar').count()).toBe(1);

    for (const path of ['/configure-cluster', '/clusters/ord_42/status', '/aws-eks-test']) {
      await page.goto(path);
      await page.getByTestId('page-title').waitFor();
      expect(await page.getByTestId('dashboard-sidebar').count()).toBe(0);
    }
  });

  it('slide forward from configuring to provisioning and back, 0.4 s in and 0.3 s out by 20 px', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    const transitions = await recordViewTransitions(page);
    await signInAsNew(page);
    // The provisioning page's code is fetched once, as a customer's browser has it by the time the
    // payment is confirmed: the slide then measures the transition, not the machine's disk.
    await page.goto('/cluster-provisioning');
    await page.getByTestId('page-title').waitFor();
    await page.goto('/configure-cluster');
    await page.getByTestId('page-title').waitFor();

    // A client-side navigation, as the configuration form's submit will make it.
    await page.evaluate(() => {
      window.history.pushState(window.history.state, '', '/cluster-provisioning');
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    });
    await expect.poll(async () => (await transitions()).some((transition) => transition.animations || transition.skipped), { timeout: 15_000 }).toBe(true);
    const [forward] = await transitions();
    expect(forward).toEqual(FORWARD_SLIDE);
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('Cluster Provisioning');

    await page.goBack();
    await expect.poll(() => page.getByTestId('page-title').textContent()).toBe('Configure New Cluster');
    expect((await transitions()).map((transition) => transition.types)).toEqual([['configuration-slide-forward'], ['configuration-slide-backward']]);
  });
});

describe('promotional banner', () => {
  withCookieChoiceMade();

  it('shows the PARIS code and copies it', async ({ page }) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: BASE_URL });
    await page.goto('/');

    const banner = page.getByTestId('promo-banner');
    await banner.waitFor();
    expect(await banner.textContent()).toContain('Promo code PARIS: 5% off, first purchase only.');
    expect(await banner.textContent()).toContain('Limited time');

    const copy = page.getByTestId('promo-copy');
    await copy.click();
    await expect.poll(() => copy.textContent()).toBe('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('PARIS');
    await toast(page, 'Promo code copied').waitFor();
    await expect.poll(() => copy.textContent(), { timeout: 4000 }).toBe('Copy code');
    await expect.poll(() => toast(page, 'Promo code copied').count(), { timeout: 4000 }).toBe(0);
  });

  it('stays compact on a phone: two short lines at most, the copy button in view (issue 31)', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto('/');
    const banner = page.getByTestId('promo-banner');
    await banner.waitFor();
    const box = (await banner.boundingBox())!;
    // It took a fifth of the screen (about 170 px of 844).
    expect(box.height).toBeLessThanOrEqual(64);
    expect(await page.getByTestId('promo-copy').isVisible()).toBe(true);
    expect(await page.getByTestId('promo-dismiss').isVisible()).toBe(true);
  });

  it('stays dismissed for the browser session and comes back from the side tab', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('promo-banner').waitFor();
    expect(await page.getByTestId('promo-side-tab').count()).toBe(0);

    await page.getByTestId('promo-dismiss').click();
    await expect.poll(() => page.getByTestId('promo-banner').count()).toBe(0);
    expect(await sessionItem(page, 'promoBannerDismissed')).toBe('true');

    await page.reload();
    const sideTab = page.getByTestId('promo-side-tab');
    await sideTab.waitFor();
    expect(await page.getByTestId('promo-banner').count()).toBe(0);

    await sideTab.click();
    await page.getByTestId('promo-banner').waitFor();
    expect(await sideTab.count()).toBe(0);
    expect(await sessionItem(page, 'promoBannerDismissed')).toBeNull();
    await toast(page, 'Promotion restored').waitFor();
  });
});

describe('toasts', () => {
  withCookieChoiceMade();

  async function showRestoreToast(page: Page) {
    await page.getByTestId('promo-dismiss').click();
    await page.getByTestId('promo-side-tab').click();
  }

  it('shows at most three at once and takes focus on F8', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('promo-banner').waitFor();
    // Four toasts within the first one's 5 s: clicked from the page itself, as one quick hand would
    // (one Playwright click at a time can take over a second each on a busy machine).
    await page.evaluate(async () => {
      const click = async (testId: string) => {
        for (let frame = 0; frame < 300; frame += 1) {
          const element = document.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
          if (element) return element.click();
          await new Promise((resolve) => requestAnimationFrame(resolve));
        }
        throw new Error(`${testId} never appeared`);
      };
      for (let shown = 0; shown < 4; shown += 1) {
        await click('promo-dismiss');
        await click('promo-side-tab');
      }
    });
    expect(await page.getByTestId('promo-banner').count()).toBe(1);

    // The toasts' renderer is a chunk of its own, loaded with the first toast: a busy machine needs more than 1 s.
    await expect.poll(() => page.getByTestId('toast-region').getByRole('alert').count(), { timeout: 10_000 }).toBe(3);
    await page.keyboard.press('F8');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('toast-region');
    expect(await page.getByTestId('toast-region').getAttribute('aria-label')).toBe('Notifications (F8)');
  });

  it('is dismissed by a swipe of 50 px to the right, not by a shorter one', async ({ page }) => {
    await page.goto('/');
    await page.getByTestId('promo-banner').waitFor();
    await showRestoreToast(page);
    const restored = toast(page, 'Promotion restored');
    // The toast slides in from the right: its box is read once it has settled (hover waits for a
    // stable box), or a box read mid-slide puts the presses beside the toast on a loaded machine.
    await restored.hover();
    const box = await restored.boundingBox();
    if (!box) throw new Error('The toast has no box');
    const y = box.y + box.height / 2;
    const x = box.x + 40;

    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 20, y, { steps: 4 });
    await page.mouse.move(x + 40, y, { steps: 4 });
    await page.mouse.up();
    expect(await restored.count()).toBe(1);

    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 30, y, { steps: 4 });
    await page.mouse.move(x + 60, y, { steps: 4 });
    await page.mouse.up();
    // The toast leaves with its exit transition, which a loaded CI machine (browser tests run two
    // files at once) has been seen to stretch past 1.5 s.
    await expect.poll(() => restored.count(), { timeout: 5000 }).toBe(0);
  });
});

describe('site footer', () => {
  withCookieChoiceMade();

  it('links the loaded cluster tiers to their type pages, and the other pages', async ({ page }) => {
    const response = await page.request.get(`${BASE_URL}/api/cluster-tiers`);
    const tiers = (await response.json()) as Array<{ id: string; name: string }>;
    expect(tiers.length).toBeGreaterThan(0);
    await page.goto('/');

    const clusterTypes = page.getByTestId('footer-cluster-types');
    await expect.poll(() => clusterTypes.getByRole('link').allTextContents()).toEqual(tiers.map((tier) => tierDisplayName(tier.name)));
    const hrefs = await clusterTypes.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs).toEqual(tiers.map((tier) => `/cluster-types/${clusterTypeFromTierName(tier.name)}`));

    const otherHrefs = await page
      .locator('footer')
      .locator('[data-testid="footer-company"] a, [data-testid="footer-legal"] a')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(otherHrefs.sort()).toEqual(['/about', '/contact', '/cookie-policy', '/data-centers', '/newsletter', '/privacy-policy', '/terms']);

    const claims = await page.getByRole('list', { name: 'Compliance' }).getByRole('listitem').allTextContents();
    expect(claims).toEqual(['Enterprise ready', 'GDPR compliant', 'HDS certified', 'Data sovereignty', 'CISPE compliant']);
  });

  it('falls back to the seven fixed cluster types and the loading version when the catalogue cannot be read', async ({ page }) => {
    await page.route(
      (url) => url.pathname.startsWith('/trpc/') && (url.pathname.includes('catalog.clusterTiers') || url.pathname.includes('meta.versionSummary')),
      (route) => route.abort(),
    );
    await page.route('**/api/cluster-tiers', (route) => route.abort());
    await page.goto('/');

    const clusterTypes = page.getByTestId('footer-cluster-types');
    expect(await linkLabels(page, clusterTypes)).toEqual(FALLBACK_CLUSTER_TYPE_LINKS.map((link) => link.label));
    const hrefs = await clusterTypes.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs).toEqual(FALLBACK_CLUSTER_TYPE_LINKS.map((link) => `/cluster-types/${link.type}`));
    expect(await page.getByTestId('version-text').textContent()).toBe('v1.16.0 (loading...)');
    expect(await page.getByTestId('environment-badge').count()).toBe(0);
  });
});
