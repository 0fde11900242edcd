import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { openAsNewAccount } from './accounts';
import { it, POLL } from './fixtures';
import { webhookReceiver } from './webhook-receiver';

/** Standard Webhooks: v1, then the base64 HMAC-SHA256 of "<id>.<timestamp>.<body>" keyed with the secret's bytes. */
const signatureOf = (secret: string, id: string, timestamp: string, body: string) =>
  `v1,${createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64')).update(`${id}.${timestamp}.${body}`).digest('base64')}`;

describe('Webhooks in /settings/webhooks', () => {
  let hooks: Awaited<ReturnType<typeof webhookReceiver>>;
  beforeAll(async () => {
    hooks = await webhookReceiver();
  });
  afterAll(async () => {
    await hooks.close();
  });

  it('adds an endpoint (its secret shown once), sends a test event, shows it failing and retried, and delivers it on Retry', { timeout: 90_000 }, async ({ page }) => {
    await openAsNewAccount(page, '/settings/webhooks');
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
    await expect.poll(() => page.getByText('No endpoint yet. Add one to receive events.').isVisible(), POLL).toBe(true);

    await page.getByTestId('webhook-add').click();
    const dialog = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
    await dialog.getByRole('textbox', { name: 'Endpoint URL' }).fill(hooks.url);
    await dialog.getByRole('checkbox', { name: /Test events/ }).check();
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = ((await page.getByTestId('webhook-secret').textContent()) ?? '').trim();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await page.getByRole('dialog', { name: 'Copy the signing secret now' }).getByRole('button', { name: 'Done' }).click();
    const endpoints = page.getByTestId('webhook-endpoints');
    await expect.poll(() => endpoints.textContent(), POLL).toContain(hooks.url);
    expect(await endpoints.textContent()).not.toContain(secret);

    await page.getByRole('button', { name: `Send a test event to ${hooks.url}` }).click();
    const deliveries = page.getByTestId('webhook-deliveries');
    // The first attempt and the retry 5 s later both get a 500: the next retry is 5 minutes away.
    const row = deliveries.getByRole('row', { name: /webhook\.test/ });
    await expect.poll(() => row.textContent(), { timeout: 30_000 }).toMatch(/Retrying2500Receiver down for the test/);
    expect(hooks.received).toHaveLength(2);

    hooks.answer(200);
    await row.getByTestId('webhook-retry').click();
    await expect.poll(() => row.textContent(), POLL).toMatch(/Delivered3200ok/);
    await expect.poll(() => endpoints.textContent(), POLL).toContain('Delivered');

    // Three attempts of one delivery: the same webhook-id, each signed with the secret shown once.
    expect(new Set(hooks.received.map(({ headers }) => headers['webhook-id'])).size).toBe(1);
    for (const { headers, body } of hooks.received) {
      expect(headers['webhook-signature']).toBe(signatureOf(secret, String(headers['webhook-id']), String(headers['webhook-timestamp']), body));
      expect(JSON.parse(body)).toMatchObject({ type: 'webhook.test' });
    }
  });
});
