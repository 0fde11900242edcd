import { describe, expect, it } from 'vitest';
import { compareRoutePatterns, layoutFilesOf, parseRoutePreloads, routePatternOf, routePreloadFor } from './route-preloads';

const filesFor = (...args: Parameters<typeof routePreloadFor>) => routePreloadFor(...args)?.files ?? [];

describe('route preloads (ADR 18)', () => {
  it('reads the address of a route file as TanStack Router does', () => {
    expect(routePatternOf('index.tsx')).toBe('/');
    expect(routePatternOf('pricing.tsx')).toBe('/pricing');
    expect(routePatternOf('_authenticated/_dashboard/clusters/$id/index.tsx')).toBe('/clusters/$id');
    expect(routePatternOf('_authenticated/_dashboard/clusters/$id/topology.tsx')).toBe('/clusters/$id/topology');
    expect(routePatternOf('_authenticated/_plain/order-status/index.tsx')).toBe('/order-status');
    expect(routePatternOf('tutorials/$slug.tsx')).toBe('/tutorials/$slug');
    // Layouts and the root render no page of their own.
    expect(routePatternOf('_authenticated.tsx')).toBeNull();
    expect(routePatternOf('_authenticated/_dashboard.tsx')).toBeNull();
    expect(routePatternOf('__root.tsx')).toBeNull();
  });

  it('lists the layouts a route renders inside, outermost first', () => {
    expect(layoutFilesOf('_authenticated/_dashboard/billing.tsx')).toEqual(['__root.tsx', '_authenticated.tsx', '_authenticated/_dashboard.tsx']);
    expect(layoutFilesOf('pricing.tsx')).toEqual(['__root.tsx']);
  });

  it('orders static segments before parameters, and matches as the router would', () => {
    const patterns = ['/orders/$id', '/', '/orders/clusters', '/orders', '/$anything'];
    expect(patterns.toSorted(compareRoutePatterns)).toEqual(['/orders/clusters', '/orders/$id', '/orders', '/$anything', '/']);
    const table = { routes: patterns.toSorted(compareRoutePatterns).map((pattern) => ({ pattern, chunks: [], files: [`/assets/${pattern.replaceAll(/\W/g, '') || 'home'}.js`] })) };
    expect(filesFor(table, '/orders/clusters')).toEqual(['/assets/ordersclusters.js']);
    expect(filesFor(table, '/orders/ord_1/')).toEqual(['/assets/ordersid.js']);
    expect(filesFor(table, '/orders')).toEqual(['/assets/orders.js']);
    expect(filesFor(table, '/')).toEqual(['/assets/home.js']);
    expect(filesFor(table, '/a/b/c')).toEqual([]);
  });

  it('preloads nothing of a console page for a visitor who is not signed in', () => {
    const table = { routes: [{ pattern: '/dashboard', chunks: [], files: ['/assets/dashboard-1.js'], signedIn: true }, { pattern: '/auth', chunks: [], files: ['/assets/auth-1.js'] }] };
    expect(filesFor(table, '/dashboard')).toEqual(['/assets/dashboard-1.js']);
    expect(filesFor(table, '/dashboard', { signedIn: false })).toEqual([]);
    expect(filesFor(table, '/auth', { signedIn: false })).toEqual(['/assets/auth-1.js']);
  });

  it('keeps only well-formed routes naming our own chunks', () => {
    expect(parseRoutePreloads(null)).toEqual({ routes: [] });
    expect(parseRoutePreloads({ routes: 'x' })).toEqual({ routes: [] });
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
    ).toEqual({ routes: [{ pattern: '/ok', chunks: ['/assets/a-1.js'], files: ['/assets/a-1.js', '/assets/b.js'] }] });
  });
});
