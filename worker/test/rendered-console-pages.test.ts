import type { SessionUser } from '@kubemarket/api';
import { APP_LOADER_SCRIPT, CHUNK_STYLES_FILE, COLOR_SCHEME_SCRIPT, CONSENT_COOKIE, COOKIE_CONSENT_VERSION, FIRST_QUERIES_SCRIPT_ID, ROUTE_PRELOADS_FILE, SESSION_USER_SCRIPT_ID, type ChunkStyle, type RoutePreloads } from '@kubemarket/shared';
import { describe, expect, it } from 'vitest';
import { serveAsset } from '../src/assets';
import { visitorOf, type ConsoleRenderer, type Visitor } from '../src/console-page';
import type { Env } from '../src/env';
import type { FirstQueryEntry } from '../src/first-queries';
import { ALICE } from './page-visitors';

/** index.html as `vite build` writes it: the entry and its modulepreloads in <head>, an empty #root. */
const SHELL =
  '<html><head><meta name="csrf-token" content="" /><script type="module" crossorigin src="/assets/index-e.js"></script><link rel="modulepreload" crossorigin href="/assets/react-r.js"><link rel="stylesheet" crossorigin href="/assets/index-s.css"></head><body><div id="root"></div></body></html>';

const TABLE: RoutePreloads = {
  routes: [{ pattern: '/billing', chunks: ['/assets/billing-b.js'], files: ['/assets/billing-b.js', '/assets/ui-u.js'], signedIn: true }],
  shell: ['/assets/cookie-consent-s.js'],
};
const STYLES: ChunkStyle[] = [
  { href: '/assets/dashboard-layout-l.css', classes: ['_sidebar_abcde_1'] },
  { href: '/assets/topology-t.css', classes: ['_diagram_fghij_2'] },
];

/** The assets binding of a build: the shell for any page, the preload table and, when given, the stylesheet table. */
function assets(styles: ChunkStyle[] | null) {
  const ASSETS = {
    async fetch(input: Request) {
      const path = new URL(input.url).pathname;
      if (path === ROUTE_PRELOADS_FILE) return Response.json(TABLE);
      if (path === CHUNK_STYLES_FILE && styles) return Response.json(styles);
      return new Response(SHELL, { headers: { 'Content-Type': 'text/html; charset=utf-8' } });
    },
  };
  return { ASSETS } as unknown as Env;
}

const ENTRIES: FirstQueryEntry[] = [[[['billing', 'summary'], { type: 'query' }], { balanceCents: 1200, note: '<b>' }]];

/** A renderer that records what it was given and renders the user's name from the very blocks the page carries. */
function recordingRenderer(markup: (blocks: Record<string, string>) => string | null = (blocks) => `<main class="_sidebar_abcde_1">${JSON.parse(blocks[SESSION_USER_SCRIPT_ID]!).id}</main>`) {
  const calls: { path: string; blocks: Record<string, string>; visitor: Visitor }[] = [];
  const render: ConsoleRenderer = async (path, blocks, visitor) => {
    calls.push({ path, blocks, visitor });
    return markup(blocks);
  };
  return { render, calls };
}

const dataBlockOf = (html: string, id: string) => JSON.parse(new RegExp(`<script type="application/json" id="${id}">([^<]*)</script>`).exec(html)?.[1] ?? 'null') as unknown;

describe('a console page rendered by the Worker (ADR 0045)', () => {
  it('puts the markup in #root, links the stylesheets it uses and loads every script after the first paint', async () => {
    const { render, calls } = recordingRenderer();
    const request = new Request('https://kubemarket.test/billing?tab=x', { headers: { Cookie: 'km_session=s; tz=Europe%2FParis' } });
    const html = await (await serveAsset(request, assets(STYLES), 'csrf-1', ALICE, () => Promise.resolve(ENTRIES), render)).text();
    // No cookie choice recorded: the page was rendered with the banner, and says so for its hydration.
    expect(html).toContain('<div id="root" data-prerendered="console" data-no-consent="" data-app-scripts="/assets/index-e.js /assets/react-r.js /assets/billing-b.js /assets/ui-u.js /assets/cookie-consent-s.js"><main class="_sidebar_abcde_1">usr_alice</main></div>');
    expect(html).toContain(`</div><script>${APP_LOADER_SCRIPT}</script>`);
    expect(html).toContain(`<link rel="stylesheet" crossorigin href="/assets/dashboard-layout-l.css"><script>${COLOR_SCHEME_SCRIPT}</script>`);
    expect(html).not.toContain('topology-t.css');
    // Nothing but the page and its stylesheets before the first paint.
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('rel="modulepreload"');
    // The page carries the data it was rendered from, which the browser primes its cache with before hydrating.
    expect(dataBlockOf(html, SESSION_USER_SCRIPT_ID)).toEqual(JSON.parse(calls[0]!.blocks[SESSION_USER_SCRIPT_ID]!));
    expect(dataBlockOf(html, FIRST_QUERIES_SCRIPT_ID)).toEqual(JSON.parse(calls[0]!.blocks[FIRST_QUERIES_SCRIPT_ID]!));
    expect(dataBlockOf(html, FIRST_QUERIES_SCRIPT_ID)).toEqual(ENTRIES);
    expect(calls).toEqual([expect.objectContaining({ path: '/billing?tab=x', visitor: { timeZone: 'Europe/Paris', consentRecorded: false } })]);
    expect(html).toContain('content="csrf-1"');
  });

  it("renders each visitor's page from their own data, requests interleaved", async () => {
    const { render } = recordingRenderer();
    const env = assets(STYLES);
    const BRUNO = { ...ALICE, id: 'usr_bruno', name: 'Bruno' } as SessionUser;
    const pages = await Promise.all(
      [ALICE, BRUNO, ALICE, BRUNO].map(async (user) => (await serveAsset(new Request('https://kubemarket.test/billing'), env, 't', user, () => Promise.resolve(ENTRIES), render)).text()),
    );
    expect(pages.map((html) => /<main[^>]*>([^<]*)<\/main>/.exec(html)?.[1])).toEqual(['usr_alice', 'usr_bruno', 'usr_alice', 'usr_bruno']);
  });

  it('serves the page for the browser to render, with its preloads, when the render gives up or fails', async () => {
    for (const render of [recordingRenderer(() => null).render, () => Promise.reject(new Error('a part needs window'))] as ConsoleRenderer[]) {
      const html = await (await serveAsset(new Request('https://kubemarket.test/billing'), assets(STYLES), 't', ALICE, () => Promise.resolve(ENTRIES), render)).text();
      expect(html).toContain('<div id="root"></div>');
      expect(html).toContain('<script type="module" crossorigin src="/assets/index-e.js">');
      expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/billing-b.js">');
      expect(dataBlockOf(html, FIRST_QUERIES_SCRIPT_ID)).toEqual(ENTRIES);
    }
  });

  it('renders nothing without the build stylesheet table (`vite dev`), for a page without first queries, for HEAD or for nobody signed in', async () => {
    const { render, calls } = recordingRenderer();
    await serveAsset(new Request('https://kubemarket.test/billing'), assets(null), 't', ALICE, () => Promise.resolve(ENTRIES), render);
    await serveAsset(new Request('https://kubemarket.test/support'), assets(STYLES), 't', ALICE, () => Promise.resolve([]), render);
    await serveAsset(new Request('https://kubemarket.test/billing', { method: 'HEAD' }), assets(STYLES), 't', ALICE, () => Promise.resolve(ENTRIES), render);
    await serveAsset(new Request('https://kubemarket.test/billing'), assets(STYLES), 't', null, () => Promise.resolve(ENTRIES), render);
    expect(calls).toEqual([]);
  });

  it('renders without the banner for a visitor whose cookies say they made the current choice', async () => {
    const { render, calls } = recordingRenderer();
    const request = new Request('https://kubemarket.test/billing', { headers: { Cookie: `tz=UTC; ${CONSENT_COOKIE}=${COOKIE_CONSENT_VERSION}` } });
    const html = await (await serveAsset(request, assets(STYLES), 't', ALICE, () => Promise.resolve(ENTRIES), render)).text();
    expect(calls[0]!.visitor).toEqual({ timeZone: 'UTC', consentRecorded: true });
    expect(html).toContain('<div id="root" data-prerendered="console" data-app-scripts=');
    const stale = visitorOf(new Request('https://kubemarket.test/', { headers: { Cookie: `${CONSENT_COOKIE}=0.9.0` } }));
    expect(stale.consentRecorded).toBe(false);
  });

  it("reads the visitor's time zone from the app's cookie, and nothing that is not a zone's name", () => {
    const zone = (cookie: string) => visitorOf(new Request('https://kubemarket.test/', { headers: { Cookie: cookie } })).timeZone;
    expect(zone('tz=America%2FArgentina%2FBuenos_Aires')).toBe('America/Argentina/Buenos_Aires');
    expect(zone('a=b; tz=Etc%2FGMT%2B5')).toBe('Etc/GMT+5');
    expect(zone('tz=%3Cscript%3E')).toBeUndefined();
    expect(zone('other=1')).toBeUndefined();
  });
});
