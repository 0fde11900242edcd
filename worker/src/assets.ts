import type { Env } from './env';

/**
 * Serves the built SPA. Unknown paths fall back to index.html (not_found_handling), where
 * the client router shows its not-found page. HTML gets the csrf-token meta tag filled in.
 */
export async function serveAsset(request: Request, env: Env, csrfToken: string | null): Promise<Response> {
  const response = await env.ASSETS.fetch(request);
  const type = response.headers.get('Content-Type') ?? '';
  if (!type.includes('text/html')) return response;
  return new HTMLRewriter()
    .on('meta[name="csrf-token"]', {
      element(element) {
        element.setAttribute('content', csrfToken ?? '');
      },
    })
    .transform(response);
}
