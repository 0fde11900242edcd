import { describe, expect, it } from 'vitest';
import { serveAsset } from '../src/assets';
import type { Env } from '../src/env';

const SHELL = '<html><head><meta name="csrf-token" content="" /></head><body><div id="root"></div></body></html>';
const PRICING = '<html><head><meta name="csrf-token" content="" /></head><body><div id="root" data-prerendered=""><main><h1>Pricing</h1></main></div></body></html>';

/** The assets binding as the build leaves it: the SPA shell for any page, and one prerendered page. */
function assets(files: Record<string, string>) {
  const requested: string[] = [];
  const ASSETS = {
    async fetch(input: Request) {
      const path = new URL(input.url).pathname;
      requested.push(path);
      // not_found_handling = "single-page-application": a page that is not a file is the shell.
      return new Response(files[path] ?? SHELL, { headers: { 'Content-Type': 'text/html; charset=utf-8' } });
    },
  };
  return { env: { ASSETS } as unknown as Env, requested };
}

describe('prerendered public pages (ADR 17)', () => {
  it('serves a visitor who is not signed in the prerendered page, with their CSRF token', async () => {
    const { env, requested } = assets({ '/_prerendered/pricing': PRICING });
    const response = await serveAsset(new Request('https://kubemarket.test/pricing?currency=USD'), env, 'csrf-123');
    const html = await response.text();
    expect(requested).toEqual(['/_prerendered/pricing']);
    expect(html).toContain('<h1>Pricing</h1>');
    expect(html).toContain('content="csrf-123"');
  });

  it('serves a signed-in visitor the SPA shell, whose app renders their own header', async () => {
    const { env, requested } = assets({ '/_prerendered/pricing': PRICING });
    const html = await (await serveAsset(new Request('https://kubemarket.test/pricing'), env, 'csrf-123', true)).text();
    expect(requested).toEqual(['/pricing']);
    expect(html).not.toContain('data-prerendered');
    expect(html).toContain('content="csrf-123"');
  });

  it('serves the shell for every other page, and for a build without the prerendered file', async () => {
    const { env, requested } = assets({});
    expect(await (await serveAsset(new Request('https://kubemarket.test/dashboard'), env, 't')).text()).not.toContain('data-prerendered');
    expect(await (await serveAsset(new Request('https://kubemarket.test/faq'), env, 't')).text()).not.toContain('data-prerendered');
    // Without the file the binding's SPA fallback answers the shell itself: one request, the right page.
    expect(requested).toEqual(['/dashboard', '/_prerendered/faq']);
  });

  it('never serves a prerendered page for a method other than GET or HEAD', async () => {
    const { env, requested } = assets({ '/_prerendered/pricing': PRICING });
    await serveAsset(new Request('https://kubemarket.test/pricing', { method: 'POST', body: '{}' }), env, 't');
    expect(requested).toEqual(['/pricing']);
  });
});
