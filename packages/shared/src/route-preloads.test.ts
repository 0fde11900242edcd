import { describe, expect, it } from 'vitest';
import { compareRoutePatterns, layoutFilesOf, pagePreloads, parseRoutePreloads, routeParams, routePatternOf, routePreloadFor } from './route-preloads';

const filesFor = (...args: Parameters<typeof routePreloadFor>) => routePreloadFor(...args)?.files ?? [];

describe('route preloads (ADR 18)', () => {
  // The address of a route file as TanStack Router reads it; layouts and the root render no page of their own.
  it.each([
    ['index.tsx', '/'],
    ['pricing.tsx', '/pricing'],
    ['_authenticated/_dashboard/clusters/$id/index.tsx', '/clusters/$id'],
    ['_authenticated/_dashboard/clusters/$id/topology.tsx', '/clusters/$id/topology'],
    ['_authenticated/_plain/order-status/index.tsx', '/order-status'],
    ['tutorials/$slug.tsx', '/tutorials/$slug'],
    ['_authenticated.tsx', null],
    ['_authenticated/_dashboard.tsx', null],
    ['__root.tsx', null],
  ])('reads %s as %s', (file, pattern) => {
    expect(routePatternOf(file)).toBe(pattern);
  });

  it('lists the layouts a route renders inside, outermost first', () => {
    expect(layoutFilesOf('_authenticated/_dashboard/billing.tsx')).toEqual(['__root.tsx', '_authenticated.tsx', '_authenticated/_dashboard.tsx']);
    expect(layoutFilesOf('pricing.tsx')).toEqual(['__root.tsx']);
  });

  it('orders static segments before parameters, and matches as the router would', () => {
    const patterns = ['/orders/$id', '/', '/orders/clusters', '/orders', '/$anything'];
    expect(patterns.toSorted(compareRoutePatterns)).toEqual(['/orders/clusters', '/orders/$id', '/orders', '/$anything', '/']);
    const table = { routes: patterns.toSorted(compareRoutePatterns).map((pattern) => ({ pattern, chunks: [], files: [`/assets/${pattern.replaceAll(/\W/g, '') || 'home'}.js`] })), shell: [] };
    expect(filesFor(table, '/orders/clusters')).toEqual(['/assets/ordersclusters.js']);
    expect(filesFor(table, '/orders/ord_1/')).toEqual(['/assets/ordersid.js']);
    expect(filesFor(table, '/orders')).toEqual(['/assets/orders.js']);
    expect(filesFor(table, '/')).toEqual(['/assets/home.js']);
    expect(filesFor(table, '/a/b/c')).toEqual([]);
  });

  it('preloads nothing of a console page for a visitor who is not signed in', () => {
    const table = { routes: [{ pattern: '/dashboard', chunks: [], files: ['/assets/dashboard-1.js'], signedIn: true }, { pattern: '/auth', chunks: [], files: ['/assets/auth-1.js'] }], shell: [] };
    expect(filesFor(table, '/dashboard')).toEqual(['/assets/dashboard-1.js']);
    expect(filesFor(table, '/dashboard', { signedIn: false })).toEqual([]);
    expect(filesFor(table, '/auth', { signedIn: false })).toEqual(['/assets/auth-1.js']);
  });

  it('keeps only well-formed routes naming our own chunks', () => {
    expect(parseRoutePreloads(null)).toEqual({ routes: [], shell: [] });
    expect(parseRoutePreloads({ routes: 'x' })).toEqual({ routes: [], shell: [] });
    expect(
      parseRoutePreloads({
        routes: [
          { pattern: '/ok', chunks: ['/assets/a-1.js'], files: ['/assets/a-1.js', '/assets/b.js'] },
          { pattern: '/bad', chunks: [], files: ['/assets/a.js" onload="x'] },
          { pattern: '/bad-chunk', chunks: ['/assets/a.js" onload="x'], files: [] },
          { pattern: '/no-chunks', files: [] },
          { pattern: 'relative', chunks: [], files: [] },
          { pattern: '/remote', chunks: [], files: ['https://cdn.example/a.js'] },
        ],
      }),
    ).toEqual({ routes: [{ pattern: '/ok', chunks: ['/assets/a-1.js'], files: ['/assets/a-1.js', '/assets/b.js'] }], shell: [] });
    expect(parseRoutePreloads({ routes: [], shell: ['/assets/cookie-consent-1.js'] }).shell).toEqual(['/assets/cookie-consent-1.js']);
    // A shell list naming anything but our own chunks is dropped whole.
    expect(parseRoutePreloads({ routes: [], shell: ['/assets/cookie-consent-1.js', '/assets/a.js" onload="x'] }).shell).toEqual([]);
    expect(parseRoutePreloads({ routes: [], shell: 'x' }).shell).toEqual([]);
  });

  it("preloads the shell's chunks with every page the app renders, after the route's own, each once", () => {
    const table = {
      routes: [
        { pattern: '/dashboard', chunks: ['/assets/dashboard-1.js', '/assets/use-cookie-consent-1.js'], files: [], signedIn: true },
        { pattern: '/pricing', chunks: ['/assets/pricing-1.js'], files: [] },
      ],
      shell: ['/assets/cookie-consent-1.js', '/assets/use-cookie-consent-1.js'],
    };
    expect(pagePreloads(table, '/dashboard')).toEqual(['/assets/dashboard-1.js', '/assets/use-cookie-consent-1.js', '/assets/cookie-consent-1.js']);
    expect(pagePreloads(table, '/pricing')).toEqual(['/assets/pricing-1.js', '/assets/cookie-consent-1.js', '/assets/use-cookie-consent-1.js']);
    // A console page nobody signed in may see, or an address no route serves: the shell alone.
    expect(pagePreloads(table, '/dashboard', { signedIn: false })).toEqual(table.shell);
    expect(pagePreloads(table, '/no-such-page')).toEqual(table.shell);
  });

  it("reads a page's parameters, decoded, and matches nothing else", () => {
    expect(routeParams('/clusters/$id', '/clusters/clu%20a/')).toEqual({ id: 'clu a' });
    expect(routeParams('/clusters/$id', '/clusters/%E0')).toEqual({ id: '%E0' });
    expect(routeParams('/clusters/$id', '/clusters/')).toBeNull();
    expect(routeParams('/clusters/$id', '/orders/clu_1')).toBeNull();
    expect(routeParams('/', '/')).toEqual({});
    expect(routeParams('/billing', '/billing')).toEqual({});
  });
});
