/**
 * The signed-in user, written by the Worker into the page it serves (worker/src/assets.ts) so the
 * app starts knowing who is signed in: a first load of a console page then waits for no
 * `auth.me` answer before loading its own data. `null` says nobody is (the sign-in gate redirects
 * at once). A data block, never run: the Content-Security-Policy needs no exception for it.
 */
export const SESSION_USER_SCRIPT_ID = 'session-user';

/**
 * The `<script type="application/json">` element of `user` (the `auth.me` answer). Every `<` is
 * escaped (`\u003c`), so no name or email can close the element or open a comment inside it.
 */
export function sessionUserScript(user: unknown): string {
  const json = JSON.stringify(user ?? null).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${SESSION_USER_SCRIPT_ID}">${json}</script>`;
}
