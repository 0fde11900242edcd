import type { Env } from './env';

const STATIC_FILE = /\.(?!html?$)[a-z0-9]{1,8}$/i;

/** A file of the build (hashed JS, CSS, images, fonts) rather than a page of the SPA. */
export function isStaticFilePath(path: string): boolean {
  return STATIC_FILE.test(path);
}

/**
 * Pages carry the visitor's CSRF token, so they are always rendered afresh: without the
 * validators a browser holding an old copy cannot get a 304 and keep an old token.
 */
function unconditional(request: Request): Request {
  if (isStaticFilePath(new URL(request.url).pathname)) return request;
  if (!request.headers.has('If-None-Match') && !request.headers.has('If-Modified-Since')) return request;
  const headers = new Headers(request.headers);
  headers.delete('If-None-Match');
  headers.delete('If-Modified-Since');
  return new Request(request, { headers });
}

/**
 * Serves the built SPA. Unknown paths fall back to index.html (not_found_handling), where
 * the client router shows its not-found page. HTML gets the csrf-token meta tag filled in.
 */
export async function serveAsset(request: Request, env: Env, csrfToken: string | null): Promise<Response> {
  const response = await env.ASSETS.fetch(unconditional(request));
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
