import { describe, expect } from 'vitest';
import { signIn } from './auth-helpers';
import { it } from './fixtures';

describe('dashboard overview', () => {
  it("shows the organisation's counts, recent notifications and quick actions", { timeout: 60_000 }, async ({ page }) => {
    await page.goto('/auth');
    await signIn(page, 'alice', 'KubeMarket-demo-2026');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    // The seed gives Acme Industries 3 clusters and 9 orders.
    await expect.poll(() => page.getByTestId('dashboard-clusters-count').textContent()).toBe('3');
    await expect.poll(() => page.getByTestId('dashboard-orders-count').textContent()).toBe('9');
    // Signing in notified the user, and the card lists it.
    await page.getByTestId('dashboard-notifications').getByText(/New sign-in to your account/).first().waitFor();
    await page.getByRole('link', { name: 'Configure a new cluster' }).click();
    await page.waitForURL((url) => url.pathname === '/configure-cluster');
  });
});
