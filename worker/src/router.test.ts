import { Hono } from 'hono';
import type { Result, Router } from 'hono/router';
import { TrieRouter } from 'hono/router/trie-router';
import { describe, expect, it } from 'vitest';
import { app } from './app';
import { REMEMBERED_ROUTES, RememberingRouter } from './router';

/** A TrieRouter that counts its walks. */
class CountingRouter extends TrieRouter<string> implements Router<string> {
  walks = 0;
  override match(method: string, path: string): Result<string> {
    this.walks += 1;
    return super.match(method, path);
  }
}

/** The handlers and parameters of a match, comparable across routers. */
const handlersOf = (result: Result<string>) => result[0].map(([handler, params]) => [handler, params]);

function routes(router: Router<string>) {
  router.add('ALL', '*', 'every request');
  router.add('GET', '/api/orders/counts', 'counts');
  router.add('GET', '/api/orders/:id', 'one order');
  router.add('POST', '/api/orders/:id/pay', 'pay');
  return router;
}

describe('RememberingRouter', () => {
  it('answers as the router it wraps: static segments beside parameters, each path its own parameters', () => {
    const remembering = routes(new RememberingRouter<string>());
    const trie = routes(new TrieRouter<string>());
    const questions: Array<[string, string]> = [['GET', '/api/orders/counts'], ['GET', '/api/orders/ord_1'], ['GET', '/api/orders/ord_2'], ['POST', '/api/orders/ord_1/pay'], ['GET', '/nowhere']];
    for (const [method, path] of questions) {
      expect(handlersOf(remembering.match(method, path))).toEqual(handlersOf(trie.match(method, path)));
      // Asked again, the same answer.
      expect(handlersOf(remembering.match(method, path))).toEqual(handlersOf(trie.match(method, path)));
    }
    expect(handlersOf(remembering.match('GET', '/api/orders/ord_2'))).toEqual([['every request', {}], ['one order', { id: 'ord_2' }]]);
  });

  it('walks the routes once per method and path', () => {
    const counting = new CountingRouter();
    const router = routes(new RememberingRouter<string>(counting));
    router.match('GET', '/api/orders/counts');
    router.match('GET', '/api/orders/counts');
    router.match('GET', '/api/orders/counts');
    expect(counting.walks).toBe(1);
    // Another method on the same path is another question.
    router.match('POST', '/api/orders/counts');
    expect(counting.walks).toBe(2);
  });

  it('remembers a bounded number of paths: past the bound it starts over, and answers stay right', () => {
    const counting = new CountingRouter();
    const router = routes(new RememberingRouter<string>(counting));
    for (let i = 0; i < REMEMBERED_ROUTES * 3; i += 1) {
      expect(handlersOf(router.match('GET', `/api/orders/ord_${i}`))).toEqual([['every request', {}], ['one order', { id: `ord_${i}` }]]);
    }
    const walks = counting.walks;
    // The first paths were forgotten when the memory started over: walked again, still right.
    expect(handlersOf(router.match('GET', '/api/orders/ord_0'))).toEqual([['every request', {}], ['one order', { id: 'ord_0' }]]);
    expect(counting.walks).toBe(walks + 1);
  });

  it('forgets its answers when a route is added', () => {
    // A TrieRouter takes routes after its first match (Hono's SmartRouter, the default, refuses).
    const router = routes(new RememberingRouter<string>(new TrieRouter()));
    expect(handlersOf(router.match('GET', '/api/orders/counts')).map(([handler]) => handler)).toEqual(['every request', 'counts', 'one order']);
    router.add('GET', '/api/*', 'every API request');
    expect(handlersOf(router.match('GET', '/api/orders/counts')).map(([handler]) => handler)).toEqual(['every request', 'counts', 'one order', 'every API request']);
  });

  it('serves a Hono app: each request gets its own path parameters', async () => {
    const hono = new Hono({ router: new RememberingRouter() });
    hono.get('/items/count', (c) => c.text('count'));
    hono.get('/items/:id', (c) => c.text(c.req.param('id')));
    const answers = await Promise.all(['/items/a', '/items/b', '/items/count', '/items/a'].map(async (path) => (await hono.request(path)).text()));
    expect(answers).toEqual(['a', 'b', 'count', 'a']);
  });

  it('is the router of the app', () => {
    expect(app.router.name).toBe('RememberingRouter');
  });
});
