// What every benchmark script needs to talk to the local Worker as a browser would: a session
// (cookie jar + CSRF token, the double-submit scheme of docs/product/calls.md) and percentiles of measured latencies.

/** The value below which p percent of the sorted samples fall (nearest rank). NaN when empty. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Numbers sorted ascending, without changing the argument. */
export const sortedNumbers = (values) => [...values].sort((a, b) => a - b);

/**
 * A signed-in session on origin: POSTs body to path (the password sign-in `/api/login`, the
 * development sign-in `/trpc/dev.login`, or `/api/dev/test-accounts` with signIn: true) after
 * fetching a CSRF token, and keeps the cookies it sets. Returns the cookie header, the CSRF token
 * and `call`, a fetch that sends both.
 */
export async function createSession(origin, path, body) {
  const cookies = new Map();
  const keep = (res) => {
    for (const header of res.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const index = pair.indexOf('=');
      cookies.set(pair.slice(0, index), pair.slice(index + 1));
    }
    return res.headers.get('X-CSRF-Token');
  };
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  let csrf = keep(await fetch(`${origin}/api/user`));
  const signIn = await fetch(`${origin}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin, 'X-CSRF-Token': csrf, Cookie: cookieHeader() },
    body: JSON.stringify(body),
  });
  if (!signIn.ok) throw new Error(`sign-in through ${path} failed: ${signIn.status} ${await signIn.text()}`);
  csrf = keep(signIn) ?? csrf;
  const session = {
    cookie: cookieHeader(),
    csrf,
    /** What the sign-in answered (the account, for /api/dev/test-accounts). */
    answer: await signIn.json().catch(() => null),
    /** fetch(origin + path) with the session's cookie, CSRF token and Origin; a JSON body when given. */
    call(method, callPath, callBody, headers = {}) {
      return fetch(`${origin}${callPath}`, {
        method,
        headers: { Origin: origin, Cookie: session.cookie, 'X-CSRF-Token': session.csrf, ...(callBody === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
        body: callBody === undefined ? undefined : JSON.stringify(callBody),
      });
    },
  };
  return session;
}

/** The demo password sign-in (the POST /api/login of docs/product/calls.md). */
export const passwordSession = (origin, identifier, password = 'KubeMarket-demo-2026') => createSession(origin, '/api/login', { identifier, password });

/** The development sign-in (no password hashing or TOTP in the way of a measurement). */
export const devSession = (origin, username) => createSession(origin, '/trpc/dev.login', { username });

/** A new organisation and its owner, signed in (development only): `answer` is the account, with its password. */
export const testAccountSession = (origin, options = {}) => createSession(origin, '/api/dev/test-accounts', { ...options, signIn: true });

/** A session's cookie header as the browser's cookies for `url` (Playwright's addCookies), to arrive in a browser signed in. */
export const browserCookies = (cookieHeader, url) =>
  cookieHeader.split('; ').map((pair) => {
    const index = pair.indexOf('=');
    return { name: pair.slice(0, index), value: pair.slice(index + 1), url };
  });
