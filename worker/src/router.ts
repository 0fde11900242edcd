import type { Result, Router } from 'hono/router';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { SmartRouter } from 'hono/router/smart-router';
import { TrieRouter } from 'hono/router/trie-router';

/** How many (method, path) pairs one isolate remembers before it starts over. */
export const REMEMBERED_ROUTES = 512;

/**
 * Hono's own router (the SmartRouter it uses by default), with the answer for each method and
 * path remembered in the isolate. Our routes put static segments beside parameters
 * (`/api/orders/counts` and `/api/orders/:id`), which Hono's RegExpRouter declines, so every
 * request walks its TrieRouter: about a tenth of a catalogue read's time in the isolate
 * (`pnpm profile:worker`, ADR 51), paid again for the same few paths (the catalogue, /healthz,
 * the lists) on every request. A match depends only on the routes, the method and the path, and
 * Hono only reads it (the handlers to compose, each route's parameters), so the same answer serves
 * every later request for that pair. The memory is bounded: past REMEMBERED_ROUTES pairs (paths
 * carrying ids, or a scan of made-up paths) it is emptied and starts over, which costs one walk
 * per path, as without it. Adding a route (only while the app is assembled) forgets everything.
 */
export class RememberingRouter<T> implements Router<T> {
  readonly name = 'RememberingRouter';
  readonly #router: Router<T>;
  readonly #answers = new Map<string, Result<T>>();

  constructor(router: Router<T> = new SmartRouter<T>({ routers: [new RegExpRouter(), new TrieRouter()] })) {
    this.#router = router;
  }

  add(method: string, path: string, handler: T): void {
    this.#answers.clear();
    this.#router.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    const key = `${method} ${path}`;
    const known = this.#answers.get(key);
    if (known) return known;
    const answer = this.#router.match(method, path);
    if (this.#answers.size >= REMEMBERED_ROUTES) this.#answers.clear();
    this.#answers.set(key, answer);
    return answer;
  }
}
