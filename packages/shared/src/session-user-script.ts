/**
 * The signed-in user, written by the Worker into the page it serves (worker/src/assets.ts) so the
 * app starts knowing who is signed in: a first load of a console page then waits for no
 * `auth.me` answer before loading its own data. `null` says nobody is (the sign-in gate redirects
 * at once). A data block, never run: the Content-Security-Policy needs no exception for it.
 */
export const SESSION_USER_SCRIPT_ID = 'session-user';

/**
 * The answers to a console page's first queries, written by the Worker into the page it serves a
 * signed-in user (worker/src/first-queries.ts, ADR 0042): `[queryKey, data]` pairs the app puts in
 * its query cache before it first renders, so the page shows its content without another round
 * trip. A data block as well.
 */
export const FIRST_QUERIES_SCRIPT_ID = 'first-queries';

/**
 * The `<script type="application/json">` element carrying `value` under `id`. Every `<` is escaped
 * (`\u003c`), so no name or email can close the element or open a comment inside it.
 */
export function jsonDataScript(id: string, value: unknown): string {
  const json = JSON.stringify(value ?? null).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${id}">${json}</script>`;
}

/** The data block of `user` (the `auth.me` answer). */
export function sessionUserScript(user: unknown): string {
  return jsonDataScript(SESSION_USER_SCRIPT_ID, user);
}

/**
 * The cookie in which the app records the browser's time zone (an IANA name), so that a console
 * page the Worker renders (ADR 0045) shows its dates as the browser will when it hydrates them.
 */
export const TIME_ZONE_COOKIE = 'tz';

/**
 * The cookie in which the app records that this browser made the current cookie choice (its value
 * is COOKIE_CONSENT_VERSION; the choice itself stays in local storage): a console page the Worker
 * renders (ADR 0045) shows the cookie banner in its markup exactly when it is absent.
 */
export const CONSENT_COOKIE = 'cookieConsent';
