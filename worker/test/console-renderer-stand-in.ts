/**
 * The app's renderer of console pages in the Worker's tests (ADR 0045; the build bundles
 * web/src/server-render.tsx): the tests serve the source page template without the build's
 * stylesheet table, so the Worker never renders and this is never called.
 */
export function renderConsolePage(): Promise<{ html: string; status: number }> {
  return Promise.reject(new Error('console pages are rendered only in a build of the web app'));
}
