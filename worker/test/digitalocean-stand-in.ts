/**
 * DigitalOcean's cluster list as the Worker reaches it in these tests: the node fakes of
 * packages/api/src/testing/fakes/clouds cannot run in workerd, so global fetch is spied on, and
 * calls to api.digitalocean.com (where CLOUD_BASE_URLS, unset here, sends DOKS listings) are
 * answered the provider's way. Like the fakes, it checks what the real API checks: the method, the
 * path and the bearer token; any other token is answered 401, and any other request is recorded
 * as a violation for the test to assert there are none. Every other fetch goes to the real fetch.
 */
import { vi } from 'vitest';

export const DO_API = 'https://api.digitalocean.com';

export interface DoStandIn {
  /** Tokens DigitalOcean accepts, each with the clusters it lists. */
  tokens: Map<string, Array<{ name: string; region: string; nodes: number[] }>>;
  /** The bearer token of every call to the cluster list, accepted or not. */
  calls: Array<{ token: string | null; status: number }>;
  violations: string[];
}

export function standInDigitalOcean(): DoStandIn {
  const realFetch = globalThis.fetch;
  const state: DoStandIn = { tokens: new Map(), calls: [], violations: [] };
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.origin !== DO_API) return realFetch(input, init);
    if (request.method !== 'GET' || url.pathname !== '/v2/kubernetes/clusters') {
      state.violations.push(`${request.method} ${url.pathname}`);
      return Response.json({ id: 'not_found', message: 'The resource you were accessing could not be found.' }, { status: 404 });
    }
    const token = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1] ?? null;
    const clusters = token === null ? undefined : state.tokens.get(token);
    if (!clusters) {
      state.calls.push({ token, status: 401 });
      return Response.json({ id: 'Unauthorized', message: 'Unable to authenticate you' }, { status: 401 });
    }
    state.calls.push({ token, status: 200 });
    return Response.json({
      kubernetes_clusters: clusters.map((cluster, index) => ({
        id: `5f0b6a1e-7c2d-4e8f-9a0b-${String(index).padStart(12, '0')}`,
        name: cluster.name,
        region: cluster.region,
        version: '1.31.1-do.3',
        node_pools: cluster.nodes.map((count, pool) => ({ id: `pool-${pool}`, name: `pool-${pool}`, size: 's-2vcpu-4gb', count })),
        status: { state: 'running' },
      })),
      links: {},
      meta: { total: clusters.length },
    });
  });
  return state;
}
