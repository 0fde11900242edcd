/** DOKS: the personal access token as a Bearer token on GET /v2/kubernetes/clusters, page by page. */
import { cloudClient, baseUrl, call, failureForStatus, malformed, ProviderFailure, rateLimited, text, type CallContext, stateOf, versionOf, poolNodeTotal } from './http';
import { doksCredentialsSchema, type DoksCredentials, type ExternalCluster } from './port';

export interface DoksBaseUrls {
  api: string;
}

export const DOKS_BASE_URLS: DoksBaseUrls = { api: 'https://api.digitalocean.com' };
const LABEL = 'DigitalOcean';
const PER_PAGE = 200;
const MAX_PAGES = 20;

interface DoksCluster {
  id?: unknown;
  name?: unknown;
  region?: unknown;
  version?: unknown;
  node_pools?: Array<{ count?: unknown }>;
  status?: { state?: unknown };
}

function toCluster(raw: DoksCluster): ExternalCluster | null {
  if (typeof raw.id !== 'string' || typeof raw.name !== 'string') return null;
  const pools = Array.isArray(raw.node_pools) ? raw.node_pools : null;
  return {
    providerId: raw.id,
    name: raw.name,
    region: typeof raw.region === 'string' ? raw.region : '',
    // DOKS versions carry its own suffix: "1.31.1-do.3".
    kubernetesVersion: versionOf(raw.version, /-do\.\d+$/),
    nodeCount: poolNodeTotal(pools),
    status: stateOf(raw.status?.state),
  };
}

async function list(context: CallContext, credentials: DoksCredentials, urls: DoksBaseUrls): Promise<ExternalCluster[]> {
  const clusters: ExternalCluster[] = [];
  const api = baseUrl(urls.api);
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const response = await call(context, `${api}/v2/kubernetes/clusters?page=${page}&per_page=${PER_PAGE}`, {
      headers: { authorization: `Bearer ${credentials.token}`, accept: 'application/json' },
    });
    if (response.status !== 200) {
      const message = text(response.json, 'message');
      if (response.status === 429) throw rateLimited(context, response, message);
      if (response.status === 401) throw new ProviderFailure('bad_credentials', `DigitalOcean rejected the token${message ? `: ${message}` : '.'}`);
      if (response.status === 403) {
        throw new ProviderFailure('missing_permission', `The token may not read Kubernetes clusters (give it the kubernetes:read scope)${message ? `: ${message}` : '.'}`);
      }
      throw failureForStatus(context, response.status, message);
    }
    const items = (response.json as { kubernetes_clusters?: unknown } | undefined)?.kubernetes_clusters;
    if (!Array.isArray(items)) throw malformed(context, 'cluster list');
    for (const raw of items as DoksCluster[]) {
      const cluster = toCluster(raw);
      if (cluster) clusters.push(cluster);
    }
    if (!text(response.json, 'links', 'pages', 'next')) return clusters;
  }
  return clusters;
}

export const doksClient = cloudClient({
  provider: 'doks', label: LABEL, defaultBaseUrls: DOKS_BASE_URLS, credentialsSchema: doksCredentialsSchema,
  secrets: (credentials) => [credentials.token],
  list,
});
