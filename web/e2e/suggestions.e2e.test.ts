import { formatEurCents } from '@kubemarket/shared';
import type { SuggestionsResult } from '@kubemarket/shared';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { openAsDemoAccount } from './accounts';
import { it, POLL } from './fixtures';
import { api } from './order-helpers';
import { KNOWN_RATES, stubRates } from './rates';

/** POST /api/suggestions as the signed-in user of the page. */
const serverSuggestions = (page: Page, body: unknown) => api<SuggestionsResult>(page, 'POST', '/api/suggestions', body);

describe('smart suggestions', () => {
  it(
    'ranks clusters for AI/ML on health data at 99.9 % with reasons and prices, keeps the answers in the address, and configures the first in the estimator',
    { timeout: 120_000 },
    async ({ page }) => {
      await stubRates(page);
      await openAsDemoAccount(page, 'alice', '/smart-suggestions');
      await page.getByRole('heading', { level: 1, name: 'Smart suggestions' }).waitFor();

      const form = page.getByTestId('suggestions-form');
      await form.getByRole('radio', { name: 'AI/ML training or inference' }).check();
      await form.getByRole('checkbox', { name: 'Staging' }).check();
      await form.getByRole('textbox', { name: 'Expected nodes' }).fill('2');
      await form.getByRole('radio', { name: 'Health data (HDS)' }).check();
      await form.getByRole('radio', { name: /^99\.9 %/ }).check();
      await form.getByRole('button', { name: 'Suggest clusters' }).click();

      const results = page.getByTestId('suggestions-results');
      expect(await results.getAttribute('aria-live')).toBe('polite');
      const cards = page.getByTestId('suggestion');
      await expect.poll(() => cards.count(), POLL).toBeGreaterThan(0);
      const first = cards.first();
      await first.getByRole('heading', { name: '1. AI/ML (Violet)' }).waitFor();
      expect(await first.getByTestId('suggestion-nodes').textContent()).toMatch(/× GPU 1 × NVIDIA/);
      expect(await first.getByTestId('suggestion-reasons').getByRole('listitem').count()).toBeGreaterThan(2);
      await first.getByText('Hosted in Paris PAR1, HDS-certified for health data.').waitFor();
      await first.locator('[data-testid="suggestion-addon"][data-addon="addon_gpu_operator"]').getByText(/NVIDIA drivers/).waitFor();

      // The address keeps the answers, and the price shown is the server's.
      const address = new URL(page.url());
      expect(Object.fromEntries(address.searchParams)).toMatchObject({ workload: 'ai', env: 'production,staging', nodes: '2', data: 'health', sla: '99.9' });
      const server = await serverSuggestions(page, {
        workload: 'ai',
        environments: ['production', 'staging'],
        expectedNodes: 2,
        dataSensitivity: 'health',
        availability: '99.9',
      });
      const price = formatEurCents(server.suggestions[0]!.price.monthlyCents, 'EUR', KNOWN_RATES);
      expect(await first.getByTestId('suggestion-price').textContent()).toBe(`${price} / month`);
      // Tiers without GPUs are explained.
      await page.locator('[data-testid="excluded-tier"][data-tier="tier_standard"]').getByText('It offers no GPU nodes, which AI/ML workloads need.').waitFor();

      // A reload (or a shared link) shows the same suggestions.
      await page.reload();
      await page.getByTestId('suggestion').first().getByRole('heading', { name: '1. AI/ML (Violet)' }).waitFor();
      expect(await page.getByTestId('suggestion').first().getByTestId('suggestion-price').textContent()).toBe(`${price} / month`);

      // "Configure this" opens the estimator with that cluster, priced the same.
      await page.getByTestId('suggestion').first().getByRole('link', { name: /^Configure this/ }).click();
      await page.waitForURL((url) => url.pathname === '/price-estimator' && url.searchParams.has('estimate'));
      await page.getByRole('heading', { name: 'Cluster 1: AI/ML (Violet)' }).waitFor();
      await page.locator('[data-testid="server-quote-status"][data-status="matches"]').waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('estimate-subtotal').textContent()).toContain(price);
    },
  );

  it('shows the message of an answer it cannot use, next to the question', { timeout: 60_000 }, async ({ page }) => {
    await stubRates(page);
    await openAsDemoAccount(page, 'alice', '/smart-suggestions');
    const form = page.getByTestId('suggestions-form');
    await form.getByRole('radio', { name: 'Web and API services' }).check();
    await form.getByRole('radio', { name: 'Personal data (GDPR)' }).check();
    await form.getByRole('radio', { name: /^Best effort/ }).check();
    const nodes = form.getByRole('textbox', { name: 'Expected nodes' });
    await nodes.fill('0');
    await form.getByRole('button', { name: 'Suggest clusters' }).click();
    await form.getByText('Expect at least 1 node.').waitFor();
    expect(await nodes.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByTestId('suggestion').count()).toBe(0);
    expect(new URL(page.url()).searchParams.has('workload')).toBe(false);

    // An address with an answer out of range opens with the same message.
    await page.goto('/smart-suggestions?workload=web&env=production&nodes=0&data=public&sla=99.5');
    await page.getByTestId('suggestions-form').getByText('Expect at least 1 node.').waitFor();
    await page.getByTestId('suggestions-empty').getByText('Some answers need your attention').waitFor();
  });
});
