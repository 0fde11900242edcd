import { APP_LOADER_SCRIPT, COLOR_SCHEME_SCRIPT, CONSENT_COOKIE, CONSOLE_PAGE, COOKIE_CONSENT_VERSION, TIME_ZONE_COOKIE } from '@kubemarket/shared';
import { parse } from 'hono/utils/cookie';

/**
 * A console page rendered by the Worker (ADR 0045): the markup of #root for the request's visitor,
 * from the same data blocks the page carries (element id to JSON text), or null when it was not
 * rendered (a route's error or not-found page, a part that could only render in the browser, or
 * past `CONSOLE_RENDER_TIMEOUT_MS`): the page is then served as before, for the browser to render.
 */
export type ConsoleRenderer = (path: string, blocks: Record<string, string>, visitor: Visitor) => Promise<string | null>;

/** What the app recorded in this browser's cookies for the Worker's renders. */
export interface Visitor {
  /** Their time zone (an IANA name), or undefined: dates in the runtime's own (UTC). */
  timeZone: string | undefined;
  /** Whether they made the current cookie choice: if not, the page shows the cookie banner. */
  consentRecorded: boolean;
}

/** Longer than a render takes (tens of milliseconds once the isolate has the app loaded), short enough that a stuck one costs little. */
export const CONSOLE_RENDER_TIMEOUT_MS = 1500;

/** React's client-render marker, left where a part failed to render on the server: the browser would render it from nothing. */
const CLIENT_RENDERED = '<!--$!-->';

/**
 * The web app's renderer, imported on the first console page an isolate renders: an isolate that
 * only answers the API never evaluates the app's modules.
 */
export const renderConsolePage: ConsoleRenderer = async (path, blocks, visitor) => {
  const { renderConsolePage: render } = await import('virtual:kubemarket/console-renderer');
  const { html, status } = await render(path, { blocks, ...visitor, signal: AbortSignal.timeout(CONSOLE_RENDER_TIMEOUT_MS) });
  return status === 200 && html.includes('<main') && !html.includes(CLIENT_RENDERED) ? html : null;
};

/** What the app recorded in the request's cookies; a time zone that is not a zone's name is none (the renderer checks it further). */
export function visitorOf(request: Request): Visitor {
  const cookies = parse(request.headers.get('Cookie') ?? '');
  const zone = cookies[TIME_ZONE_COOKIE];
  return { timeZone: zone && /^[A-Za-z0-9_+\-/]{1,64}$/.test(zone) ? zone : undefined, consentRecorded: cookies[CONSENT_COOKIE] === COOKIE_CONSENT_VERSION };
}

/** A console page's markup for its visitor, the chunk stylesheets it uses, and whether it shows the cookie banner. */
export interface RenderedRoot {
  html: string;
  stylesheets: string;
  withBanner: boolean;
}

/**
 * Turns the SPA page into the rendered one, as web/scripts/prerender.mjs does a public page: the
 * markup in #root, the stylesheets it uses and the colour-scheme script in <head>, and the app's
 * scripts out of <head> (index.html's entry and modulepreloads, then `appScripts` with the route's
 * code) into #root's `data-app-scripts`, loaded by APP_LOADER_SCRIPT once the page has painted.
 */
export function withRenderedRoot(rewriter: HTMLRewriter, page: RenderedRoot, appScripts: (initial: string[]) => string[]): HTMLRewriter {
  const { html, stylesheets, withBanner } = page;
  const initial: string[] = [];
  return rewriter
    .on('script[type="module"][src]', {
      element(script) {
        initial.unshift(script.getAttribute('src') ?? '');
        script.remove();
      },
    })
    .on('link[rel="modulepreload"]', {
      element(link) {
        initial.push(link.getAttribute('href') ?? '');
        link.remove();
      },
    })
    .on('head', {
      element(head) {
        // Before the stylesheets apply: the visitor's colour scheme, so a dark page never flashes light.
        head.append(`${stylesheets}<script>${COLOR_SCHEME_SCRIPT}</script>`, { html: true });
      },
    })
    .on('#root', {
      element(root) {
        root.setAttribute('data-prerendered', CONSOLE_PAGE);
        // Rendered with the cookie banner: its hydration renders it too (main.tsx).
        if (withBanner) root.setAttribute('data-no-consent', '');
        root.setAttribute('data-app-scripts', appScripts(initial.filter(Boolean)).join(' '));
        root.setInnerContent(html, { html: true });
        root.after(`<script>${APP_LOADER_SCRIPT}</script>`, { html: true });
      },
    });
}
