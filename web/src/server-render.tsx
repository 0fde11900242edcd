/**
 * A signed-in visitor's console page rendered by the Worker (ADR 0045): the app's own tree, as the
 * browser's first render of that page shows it, with the session user and the first queries'
 * answers the Worker writes into the page (ADR 0042) primed from those very data blocks. The browser
 * paints this markup before any script and hydrates it once the app has loaded, as it does a
 * prerendered public page (ADR 0017).
 *
 * Everything is per call: a new query client, router and tRPC client; nothing rendered is kept.
 */
import { onlineManager } from '@tanstack/react-query';
import { primeCurrentUser } from './features/auth';
import { inConsentScope } from './features/consent';
import { inTimeZone } from './lib/date-format';
import { primeFirstQueries, type DataPage } from './lib/first-queries';
import { renderApp, type RenderedPage } from './render-app';

// Nothing is sent from here: what was not primed renders as loading, as in the browser until it has hydrated.
onlineManager.setOnline(false);

export interface ConsolePageData {
  /** The page's data blocks as the Worker writes them: element id to JSON text. */
  blocks: Record<string, string>;
  /** The visitor's time zone as the app recorded it (TIME_ZONE_COOKIE), for the dates in the markup. */
  timeZone?: string;
  /** Whether the visitor's cookies say they made the current cookie choice (CONSENT_COOKIE); if not, the banner is in the markup. */
  consentRecorded?: boolean;
  /** Gives up (the Worker then serves the plain page). */
  signal?: AbortSignal;
}

/** The page the data blocks stand in, as main.tsx reads them from the document. */
function dataPage(blocks: Record<string, string>): DataPage {
  return { getElementById: (id: string) => (Object.hasOwn(blocks, id) ? ({ textContent: blocks[id] } as HTMLElement) : null) };
}

/**
 * The markup of the console page at `path` for the visitor whose data blocks these are; a page
 * outside the dashboard layout renders as 404 (the Worker then serves the plain page): the browser
 * counts a rendered console page hydrated once that layout reports (lib/hydration.ts).
 */
export async function renderConsolePage(path: string, { blocks, timeZone, consentRecorded = false, signal }: ConsolePageData): Promise<RenderedPage> {
  const page = dataPage(blocks);
  const rendered = await renderApp(path, {
    prime: (queryClient, trpc) => {
      primeCurrentUser(queryClient, trpc, page);
      primeFirstQueries(queryClient, page);
    },
    signal,
    around: (render) => inTimeZone(timeZone, () => inConsentScope(!consentRecorded, render)),
  });
  return rendered.routeIds.includes(DASHBOARD_LAYOUT_ROUTE) ? rendered : { ...rendered, status: 404 };
}

const DASHBOARD_LAYOUT_ROUTE = '/_authenticated/_dashboard';
