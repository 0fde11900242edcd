import { APP_LOADER_SCRIPT_HASH, COLOR_SCHEME_SCRIPT_HASH } from '@kubemarket/shared';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { signInAsDemoAccount, signInAsNewAccount } from './accounts';
import { BASE_URL, it } from './fixtures';
import { kubeGet, readKubeconfig } from './kubeconfig';
import { api } from './order-helpers';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The csrf-token meta tag of a served page, or null when the page has none. */
function csrfMeta(html: string): string | null {
  return /<meta name="csrf-token" content="([^"]*)"/.exec(html)?.[1] ?? null;
}

/** Opens a WebSocket on /ws from the page; true once the upgrade succeeded. */
function socketOpens(page: Page): Promise<boolean> {
  return page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const socket = new WebSocket(`ws://${window.location.host}/ws`);
        socket.addEventListener('open', () => {
          socket.close();
          resolve(true);
        });
        socket.addEventListener('close', () => resolve(false));
      }),
  );
}

describe('pnpm dev: one vite dev process serving the SPA and the Worker', () => {
  it('answers every SPA path from the Worker, with the csrf-token meta tag filled in', async () => {
    for (const path of ['/', '/api-reference', '/pricing', '/no/such/page']) {
      const response = await fetch(`${BASE_URL}${path}`, { headers: { Accept: 'text/html' } });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('Content-Type'), path).toContain('text/html');
      const html = await response.text();
      expect(html, path).toContain('<div id="root"');
      // The Worker filled the tag with the token it also sends in the header.
      expect(csrfMeta(html), path).toBe(response.headers.get('X-CSRF-Token'));
      expect(csrfMeta(html)?.length ?? 0, path).toBeGreaterThanOrEqual(16);
      // Development CSP: the fast-refresh preamble's hash, nothing looser.
      // Our files, the prerendered pages' two inline scripts, and the dev server's React preamble.
      expect(response.headers.get('Content-Security-Policy'), path).toMatch(
        new RegExp(`script-src 'self' ${escapeRegExp(COLOR_SCHEME_SCRIPT_HASH)} ${escapeRegExp(APP_LOADER_SCRIPT_HASH)} 'sha256-[A-Za-z0-9+/]+=*';`),
      );
    }
  });

  it('serves the REST and tRPC APIs in development mode beside the pages', async () => {
    const rest = await fetch(`${BASE_URL}/api/version/summary`);
    expect(rest.status).toBe(200);
    expect(await rest.json()).toMatchObject({ environment: 'development' });

    const trpc = await fetch(`${BASE_URL}/trpc/meta.versionSummary`);
    expect(trpc.status).toBe(200);
    expect(await trpc.json()).toMatchObject({ result: { data: { environment: 'development' } } });

    // A plain GET reaches the Worker's socket endpoint, which asks for an upgrade.
    expect((await fetch(`${BASE_URL}/ws`)).status).toBe(426);
  });

  it('renders pages in Chromium without CSP violations or page errors', async ({ page, pageErrors }) => {
    await page.addInitScript(() => {
      const violations: string[] = [];
      Object.assign(window, { cspViolations: violations });
      document.addEventListener('securitypolicyviolation', (event) => {
        // zod 4 probes `new Function` once to decide whether it may compile its parsers; the CSP
        // refuses it (in production too) and zod falls back, as intended.
        if (event.blockedURI === 'eval' && event.sourceFile.includes('/zod')) return;
        violations.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
      });
    });
    // The machine is offline: the public exchange-rate service fails at once, as it would.
    for (const path of ['/', '/api-reference']) {
      await page.goto(path);
      await page.locator('h1').first().waitFor({ timeout: 60_000 });
      expect(await page.getByTestId('not-found').count(), path).toBe(0);
      expect((await page.locator('meta[name="csrf-token"]').getAttribute('content'))?.length ?? 0, path).toBeGreaterThanOrEqual(16);
      expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations), path).toEqual([]);
    }
    expect(pageErrors).toEqual([]);
  });

  it("points a simulated cluster's kubeconfig at the local API gateway, where its nodes answer", async ({ page }) => {
    await signInAsDemoAccount(page, 'alice');
    const detail = await api<{ nodes: Array<{ name: string }> }>(page, 'GET', '/api/clusters/clu_demo_webshop');
    const issued = await api<{ kubeconfig: string }>(page, 'POST', '/api/clusters/clu_demo_webshop/kubeconfig', { expiresInSeconds: 3600 }, { Accept: 'application/json' });
    const config = readKubeconfig(issued.kubeconfig);
    expect(config.server).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    const nodes = await kubeGet(config, '/api/v1/nodes');
    expect(nodes.status).toBe(200);
    expect((nodes.body as { items: Array<{ metadata: { name: string } }> }).items.map((node) => node.metadata.name)).toEqual(detail.nodes.map((node) => node.name).sort());
  });

  it('upgrades /ws for a signed-in user and refuses it without a session', async ({ page }) => {
    await page.goto('/about');
    expect(await socketOpens(page)).toBe(false);

    await signInAsNewAccount(page);
    expect(await socketOpens(page)).toBe(true);
  });
});
