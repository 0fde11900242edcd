/**
 * Test only: DigitalOcean's GET /v2/kubernetes/clusters with its token scopes, pagination
 * (links.pages.next) and error shapes ({ id, message }).
 */
import { randomUUID } from 'node:crypto';
import { startFakeServer, type FakeHttpResponse, type FakeServer } from './server';

export interface FakeDigitalOceanToken {
  token: string;
  /** Custom-scoped tokens list their scopes; a full-access token has kubernetes:read. */
  scopes: string[];
}

export interface FakeDigitalOceanOptions {
  tokens: FakeDigitalOceanToken[];
  clusters: unknown[];
  /** Largest page the fake serves whatever per_page asks (the real API caps at 200). */
  maxPerPage?: number;
}

export interface FakeDigitalOcean extends FakeServer {
  baseUrls: { api: string };
}

export function fakeDoksCluster(name: string, region: string, counts: number[]): Record<string, unknown> {
  return {
    id: randomUUID(),
    name,
    region,
    version: '1.31.1-do.3',
    cluster_subnet: '10.244.0.0/16',
    service_subnet: '10.245.0.0/16',
    vpc_uuid: randomUUID(),
    endpoint: `https://${randomUUID()}.k8s.ondigitalocean.com`,
    node_pools: counts.map((count, index) => ({ id: randomUUID(), name: `pool-${index}`, size: 's-2vcpu-4gb', count, auto_scale: false })),
    status: { state: 'running' },
    created_at: '2026-02-11T08:01:33Z',
    auto_upgrade: false,
    ha: false,
  };
}

const doError = (status: number, id: string, message: string): FakeHttpResponse => ({ status, body: { id, message, request_id: randomUUID() } });

export async function startFakeDigitalOcean(options: FakeDigitalOceanOptions): Promise<FakeDigitalOcean> {
  let url = '';
  const server = await startFakeServer({
    handle(request, violation) {
      if (request.path !== '/v2/kubernetes/clusters') {
        violation('unknown path');
        return doError(404, 'not_found', 'The resource you were accessing could not be found.');
      }
      if (request.method !== 'GET') violation(`list with ${request.method}`);
      const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      const token = options.tokens.find((candidate) => candidate.token === bearer);
      if (!token) return doError(401, 'Unauthorized', 'Unable to authenticate you');
      if (!token.scopes.includes('kubernetes:read')) return doError(403, 'Forbidden', 'You are missing the required permission kubernetes:read.');
      const perPage = Math.min(Number(request.query.get('per_page') ?? '20'), options.maxPerPage ?? 200);
      const page = Number(request.query.get('page') ?? '1');
      if (!Number.isInteger(perPage) || perPage < 1 || !Number.isInteger(page) || page < 1) violation(`paging ${request.rawQuery}`);
      const items = options.clusters.slice((page - 1) * perPage, page * perPage);
      const pages: Record<string, string> = {};
      if (page * perPage < options.clusters.length) pages.next = `${url}/v2/kubernetes/clusters?page=${page + 1}&per_page=${perPage}`;
      return { status: 200, body: { kubernetes_clusters: items, links: { pages }, meta: { total: options.clusters.length } } };
    },
    rateLimited: () => ({
      ...doError(429, 'too_many_requests', 'API Rate limit exceeded.'),
      headers: { 'ratelimit-limit': '5000', 'ratelimit-remaining': '0', 'ratelimit-reset': '1795000000', 'retry-after': '30' },
    }),
  });
  url = server.url;
  return Object.assign(server, { baseUrls: { api: server.url } });
}
