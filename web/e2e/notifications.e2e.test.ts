import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { signInAsNewAccount } from './accounts';
import { it } from './fixtures';
import { countOpenSockets, isTrpcCall, waitForOpenSockets } from './settle';

/** Creates a notification for the signed-in user on the server (development-only procedure). */
async function notifyFromServer(page: Page, message: string, type = 'info'): Promise<void> {
  const status = await page.evaluate(
    async ({ message, type }) => {
      const user = await fetch('/api/user', { credentials: 'include' });
      const token = user.headers.get('X-CSRF-Token') ?? '';
      const res = await fetch('/trpc/dev.notify', {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': token },
        body: JSON.stringify({ message, type }),
      });
      return res.status;
    },
    { message, type },
  );
  expect(status).toBe(200);
}

const items = (page: Page) => page.getByTestId('notification-item');

describe('notifications', () => {
  it('shows a new notification in the open dropdown within a second, and keeps read, all-read and trash across a reload', { timeout: 90_000 }, async ({ page }) => {
    await countOpenSockets(page);
    await signInAsNewAccount(page);
    const firstRead = page.waitForResponse((response) => isTrpcCall(response.url(), 'notifications.list')).then(
      () => true,
      () => false,
    );
    await page.goto('/dashboard');
    await page.getByTestId('user-menu').waitFor();

    await page.getByTestId('notification-bell').click();
    await page.getByTestId('notification-dropdown').waitFor();
    // The socket is open and the first read has come back, so the next change can only come by socket.
    await waitForOpenSockets(page);
    // The first read came with the page (the Worker writes a signed-in page's first answers into
    // it, ADR 0042, and the page does not ask again, ADR 54), or the page asked for it as it mounted.
    const readWithThePage = await page.evaluate(() => document.getElementById('first-queries')?.textContent?.includes('["notifications","list"]') ?? false);
    if (!readWithThePage) expect(await firstRead).toBe(true);

    const message = `Cluster prod-${Date.now()} is ready`;
    const sentAt = Date.now();
    await notifyFromServer(page, message, 'success');
    await items(page).filter({ hasText: message }).waitFor({ timeout: 1_000 });
    console.log(`notification shown ${Date.now() - sentAt} ms after the server call returned`);

    // Mark this one read.
    await page.getByRole('button', { name: `Mark as read: ${message}` }).click();
    await expect.poll(() => items(page).filter({ hasText: message }).getAttribute('data-read')).toBe('true');

    // A second one, then mark all as read.
    const second = `Invoice INV-${Date.now()} is available`;
    await notifyFromServer(page, second, 'info');
    await items(page).filter({ hasText: second }).waitFor({ timeout: 1_000 });
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await page.getByText('All notifications marked as read').waitFor();
    await expect.poll(() => page.getByTestId('notification-badge').locator('.mantine-Indicator-indicator').count()).toBe(0);

    // Trash the first one.
    await items(page).filter({ hasText: message }).getByRole('button', { name: 'Move to trash' }).click();
    await page.getByText('Notification moved to trash').waitFor();
    await expect.poll(() => items(page).filter({ hasText: message }).count()).toBe(0);

    // After a reload: still trashed, the other still read.
    await page.reload();
    await page.getByTestId('notification-bell').click();
    await items(page).filter({ hasText: second }).waitFor();
    expect(await items(page).filter({ hasText: message }).count()).toBe(0);
    expect(await items(page).filter({ hasText: second }).getAttribute('data-read')).toBe('true');
  });

  it('opens the notification socket without the compression Chromium offers (ADR 23)', async ({ page }) => {
    await signInAsNewAccount(page);
    await page.goto('/dashboard');
    const extensions = await page.evaluate(
      () =>
        new Promise<string>((resolve, reject) => {
          const socket = new WebSocket(`${location.origin.replace('http', 'ws')}/ws`);
          socket.onopen = () => {
            resolve(socket.extensions);
            socket.close();
          };
          socket.onerror = () => reject(new Error('The notification socket did not open'));
        }),
    );
    expect(extensions).toBe('');
  });
});
