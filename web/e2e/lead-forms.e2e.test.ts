import { describe, expect } from 'vitest';
import { it } from './fixtures';

describe('lead forms', () => {
  it('validates, stores a contact-sales request and confirms it', async ({ page }) => {
    await page.goto('/contact-sales');
    const form = page.getByTestId('lead-form');
    await form.getByRole('button', { name: 'Contact sales' }).click();
    await form.getByText('Name is required.').waitFor();
    expect(await form.getByText('Company is required.').count()).toBe(1);

    await form.getByLabel('Full name').fill('Camille Durand');
    await form.getByLabel('Work email').fill('camille.e2e@example.com');
    await form.getByRole('textbox', { name: /^Company/ }).fill('Hôpital Exemple');
    await form.getByLabel('Phone').fill('12');
    await form.getByRole('button', { name: 'Contact sales' }).click();
    await form.getByText('Enter a valid phone number, e.g. +33 1 23 45 67 89.').waitFor();
    await form.getByLabel('Phone').fill('+33 1 23 45 67 89');
    await form.getByLabel('What would you like to discuss?').fill('Two Enterprise clusters for HDS workloads in Paris.');
    await form.getByRole('button', { name: 'Contact sales' }).click();

    const success = page.getByTestId('lead-form-success');
    await success.waitFor();
    expect(await success.getByTestId('lead-reference').textContent()).toMatch(/\S+/);
  });

  it('shows the server error when a request is refused', async ({ page }) => {
    await page.route('**/trpc/leads.submit**', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        // Mutations go one per request (no batch), so the answer is a single object.
        body: JSON.stringify({ error: { message: 'Too many requests. Please try again in 42 minutes.', code: -32029, data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429 } } }),
      }),
    );
    await page.goto('/contact');
    const form = page.getByTestId('lead-form');
    await form.getByLabel('Full name').fill('Jonas Weber');
    await form.getByLabel('Work email').fill('jonas.e2e@example.com');
    await form.getByLabel('Topic').click();
    await page.getByRole('option', { name: 'General question' }).click();
    await form.getByLabel('Message').fill('Do you offer private interconnects in Frankfurt?');
    await form.getByRole('button', { name: 'Send message' }).click();
    await form.getByRole('alert').filter({ hasText: 'Too many requests. Please try again in 42 minutes.' }).waitFor();
  });

  it('subscribes to the newsletter and reports an invalid confirmation link', async ({ page }) => {
    await page.goto('/newsletter');
    const form = page.getByTestId('newsletter-form');
    await form.getByLabel('Email').fill(`news-${Date.now()}@example.com`);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByTestId('newsletter-sent').waitFor();

    await page.goto('/newsletter?token=this-token-does-not-exist-anywhere');
    await page.getByText('This confirmation link is invalid or has expired. Subscribe again to get a new one.').waitFor();
  });
});
