import type { SessionUser } from '@kubemarket/api';
import { ROUTE_PRELOADS_FILE, SESSION_USER_SCRIPT_ID, type RoutePreloads } from '@kubemarket/shared';
import { describe, expect, it } from 'vitest';
import { serveAsset } from '../src/assets';
import type { Env } from '../src/env';
import { ALICE } from './page-visitors';

const SHELL = '<html><head><meta name="csrf-token" content="" /></head><body><div id="root"></div></body></html>';
const PRICING = '<html><head><meta name="csrf-token" content="" /></head><body><div id="root" data-prerendered=""><main><h1>Pricing</h1></main></div></body></html>';

/**
 * The assets binding as the build leaves it: the SPA shell for any page, and one prerendered page;
 * the table of each page's chunks when given (pages requested are in `requested`, the table's
 * reads counted in `tableReads`).
 */
function assets(files: Record<string, string>, table?: RoutePreloads) {
  const requested: string[] = [];
  let tableReads = 0;
  const ASSETS = {
    async fetch(input: Request) {
      const path = new URL(input.url).pathname;
      if (path === ROUTE_PRELOADS_FILE) {
        tableReads += 1;
        if (table) return Response.json(table);
      } else {
        requested.push(path);
      }
      // not_found_handling = "single-page-application": a page that is not a file is the shell.
      return new Response(files[path] ?? SHELL, { headers: { 'Content-Type': 'text/html; charset=utf-8' } });
    },
  };
  return {
    env: { ASSETS } as unknown as Env,
    requested,
    get tableReads() {
      return tableReads;
    },
  };
}

const preloadsOf = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]);

/** The session user the page carries, read as the app reads it (or undefined when it carries none). */
function sessionUserOf(html: string): unknown {
  const match = new RegExp(`<script type="application/json" id="${SESSION_USER_SCRIPT_ID}">([^<]*)</script>`).exec(html);
  return match ? JSON.parse(match[1]!) : undefined;
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
    const html = await (await serveAsset(new Request('https://kubemarket.test/pricing'), env, 'csrf-123', ALICE)).text();
    expect(requested).toEqual(['/pricing']);
    expect(html).not.toContain('data-prerendered');
    expect(html).toContain('content="csrf-123"');
  });

  it("gives the app's own page the signed-in user as auth.me answers, escaped so no name ends the data block", async () => {
    const { env } = assets({});
    const html = await (await serveAsset(new Request('https://kubemarket.test/dashboard'), env, 'csrf-123', { ...ALICE, secret: 'not for the page' } as SessionUser)).text();
    expect(sessionUserOf(html)).toEqual(ALICE);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html).not.toContain('<!--');
    expect(html).not.toContain('not for the page');
  });

  it('tells the app on its own page that nobody is signed in, and says nothing on a prerendered page', async () => {
    const { env } = assets({ '/_prerendered/pricing': PRICING });
    expect(sessionUserOf(await (await serveAsset(new Request('https://kubemarket.test/dashboard'), env, 't')).text())).toBeNull();
    // Its markup was rendered with the session still unknown, and must hydrate as it is.
    expect(sessionUserOf(await (await serveAsset(new Request('https://kubemarket.test/pricing'), env, 't')).text())).toBeUndefined();
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

describe("a page's own chunks (ADR 18)", () => {
  const TABLE: RoutePreloads = {
    routes: [
      { pattern: '/orders/clusters', chunks: ['/assets/clusters-orders-1.js'], files: ['/assets/clusters-orders-1.js'] },
      { pattern: '/clusters/$id', chunks: ['/assets/cluster-a.js', '/assets/_dashboard-b.js'], files: ['/assets/cluster-a.js', '/assets/_dashboard-b.js', '/assets/Tabs-c.js'], signedIn: true },
      { pattern: '/auth', chunks: ['/assets/auth-e.js'], files: ['/assets/auth-e.js'] },
      { pattern: '/orders/$id', chunks: ['/assets/order-c.js'], files: ['/assets/order-c.js'] },
      { pattern: '/', chunks: ['/assets/home-d.js'], files: ['/assets/home-d.js'] },
    ],
    shell: ['/assets/cookie-consent-s.js'],
  };

  it("preloads the own chunks of the route the address matches and of its layouts, then the shell's, in the app's own page", async () => {
    const store = assets({}, TABLE);
    // Not what they import: that would share the bandwidth with the entry and delay the first paint.
    expect(preloadsOf(await (await serveAsset(new Request('https://kubemarket.test/clusters/cls_42?tab=nodes'), store.env, 't', ALICE)).text())).toEqual([
      '/assets/cluster-a.js',
      '/assets/_dashboard-b.js',
      '/assets/cookie-consent-s.js',
    ]);
    // A static segment wins over a parameter, as in the router.
    expect(preloadsOf(await (await serveAsset(new Request('https://kubemarket.test/orders/clusters'), store.env, 't', ALICE)).text())).toEqual([
      '/assets/clusters-orders-1.js',
      '/assets/cookie-consent-s.js',
    ]);
    expect(preloadsOf(await (await serveAsset(new Request('https://kubemarket.test/orders/ord_1'), store.env, 't', ALICE)).text())).toEqual([
      '/assets/order-c.js',
      '/assets/cookie-consent-s.js',
    ]);
    // An address no route serves (the app shows its not-found page) preloads the shell alone.
    expect(preloadsOf(await (await serveAsset(new Request('https://kubemarket.test/no/such/page'), store.env, 't', ALICE)).text())).toEqual([
      '/assets/cookie-consent-s.js',
    ]);
    // The table is read once for all of them.
    expect(store.tableReads).toBe(1);
    expect(store.requested).toEqual(['/clusters/cls_42', '/orders/clusters', '/orders/ord_1', '/no/such/page']);
  });

  it('preloads no console page for a visitor who is not signed in (the app sends them to sign in)', async () => {
    const store = assets({}, TABLE);
    expect(preloadsOf(await (await serveAsset(new Request('https://kubemarket.test/clusters/cls_42'), store.env, 't')).text())).toEqual(['/assets/cookie-consent-s.js']);
    expect(preloadsOf(await (await serveAsset(new Request('https://kubemarket.test/auth'), store.env, 't')).text())).toEqual(['/assets/auth-e.js', '/assets/cookie-consent-s.js']);
  });

  it('adds nothing to a prerendered page, whose loader brings its chunks with the app', async () => {
    const store = assets({ '/_prerendered/home': '<html><head></head><body><div id="root" data-prerendered=""><main></main></div></body></html>' }, TABLE);
    expect(preloadsOf(await (await serveAsset(new Request('https://kubemarket.test/'), store.env, 't')).text())).toEqual([]);
    expect(store.tableReads).toBe(0);
  });

  it('serves the page without preloads when the build has no table, or a table with anything but our chunks', async () => {
    const missing = assets({});
    const html = await (await serveAsset(new Request('https://kubemarket.test/dashboard'), missing.env, 't', ALICE)).text();
    expect(preloadsOf(html)).toEqual([]);
    expect(sessionUserOf(html)).toEqual(ALICE);
    const hostile = assets({}, { routes: [{ pattern: '/dashboard', chunks: ['"><script>alert(1)</script>', 'https://evil.example/x.js'], files: [] }], shell: ['https://evil.example/shell.js'] });
    const page = await (await serveAsset(new Request('https://kubemarket.test/dashboard'), hostile.env, 't', ALICE)).text();
    expect(preloadsOf(page)).toEqual([]);
    expect(page).not.toContain('"><script>');
    expect(page).not.toContain('evil.example');
  });
});
