/**
 * AKS: the service principal's client-credentials grant at Microsoft Entra ID (v2.0 endpoint,
 * scope `management.azure.com/.default`), then the ARM list of managedClusters in the subscription,
 * following `nextLink` only while it stays on the configured ARM host (the token must not travel).
 */
import { cloudClient, baseUrl, call, failureForStatus, malformed, ProviderFailure, rateLimited, text, type CallContext, versionOf, poolNodeTotal } from './http';
import { aksCredentialsSchema, type AksCredentials, type ExternalCluster } from './port';

export interface AksBaseUrls {
  login: string;
  management: string;
}

export const AKS_BASE_URLS: AksBaseUrls = { login: 'https://login.microsoftonline.com', management: 'https://management.azure.com' };
export const AKS_API_VERSION = '2024-09-01';
const LABEL = 'Azure';
const MAX_PAGES = 20;

/** AADSTS codes that mean "this tenant does not exist", not "this secret is wrong". */
const UNKNOWN_TENANT = /AADSTS(90002|900023|90072)\b/;

async function accessToken(context: CallContext, credentials: AksCredentials, urls: AksBaseUrls): Promise<string> {
  const response = await call(context, `${baseUrl(urls.login)}/${encodeURIComponent(credentials.tenantId)}/oauth2/v2.0/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: credentials.clientId,
      client_secret: credentials.clientSecret,
      scope: `${AKS_BASE_URLS.management}/.default`,
    }).toString(),
  });
  if (response.status === 200) {
    const token = text(response.json, 'access_token');
    if (!token) throw malformed(context, 'token response');
    return token;
  }
  // Entra's descriptions carry a trace id and timestamp after the first line; the first line is the explanation.
  const description = text(response.json, 'error_description')?.split(/\r?\n/)[0] ?? null;
  if (response.status === 429) throw rateLimited(context, response, description);
  if (description && UNKNOWN_TENANT.test(description)) throw new ProviderFailure('unknown_region', `Azure has no directory (tenant) "${credentials.tenantId}": ${description}`);
  const error = text(response.json, 'error');
  if (error === 'invalid_client' || error === 'unauthorized_client' || error === 'invalid_request' || response.status === 401) {
    throw new ProviderFailure('bad_credentials', `Azure rejected the client id or secret${description ? `: ${description}` : '.'}`);
  }
  throw failureForStatus(context, response.status, description);
}

interface ManagedCluster {
  id?: unknown;
  name?: unknown;
  location?: unknown;
  properties?: {
    kubernetesVersion?: unknown;
    currentKubernetesVersion?: unknown;
    provisioningState?: unknown;
    powerState?: { code?: unknown };
    agentPoolProfiles?: Array<{ count?: unknown }>;
  };
}

function toCluster(raw: ManagedCluster): ExternalCluster | null {
  if (typeof raw.id !== 'string' || typeof raw.name !== 'string') return null;
  const properties = raw.properties ?? {};
  const pools = Array.isArray(properties.agentPoolProfiles) ? properties.agentPoolProfiles : null;
  const nodeCount = poolNodeTotal(pools);
  const provisioning = typeof properties.provisioningState === 'string' ? properties.provisioningState : 'Unknown';
  const power = typeof properties.powerState?.code === 'string' ? properties.powerState.code : null;
  const version = properties.currentKubernetesVersion ?? properties.kubernetesVersion;
  return {
    providerId: raw.id,
    name: raw.name,
    region: typeof raw.location === 'string' ? raw.location : '',
    kubernetesVersion: versionOf(version),
    nodeCount,
    // A cluster that is provisioned reports whether it runs; otherwise the provisioning state says more.
    status: (provisioning === 'Succeeded' && power ? power : provisioning).toLowerCase(),
  };
}

async function list(context: CallContext, credentials: AksCredentials, urls: AksBaseUrls): Promise<ExternalCluster[]> {
  const token = await accessToken(context, credentials, urls);
  const management = baseUrl(urls.management);
  let next: string | null =
    `${management}/subscriptions/${encodeURIComponent(credentials.subscriptionId)}/providers/Microsoft.ContainerService/managedClusters?api-version=${AKS_API_VERSION}`;
  const clusters: ExternalCluster[] = [];
  for (let page = 0; next && page < MAX_PAGES; page += 1) {
    const response = await call(context, next, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
    if (response.status !== 200) {
      const code = text(response.json, 'error', 'code');
      const message = text(response.json, 'error', 'message');
      if (response.status === 429) throw rateLimited(context, response, message);
      if (code === 'SubscriptionNotFound' || code === 'InvalidSubscriptionId') {
        throw new ProviderFailure('unknown_region', `Azure has no subscription "${credentials.subscriptionId}"${message ? `: ${message}` : '.'}`);
      }
      if (code === 'AuthorizationFailed' || response.status === 403) {
        throw new ProviderFailure('missing_permission', `The service principal may not read AKS clusters (it needs Microsoft.ContainerService/managedClusters/read, e.g. the Reader role)${message ? `: ${message}` : '.'}`);
      }
      throw failureForStatus(context, response.status, message ?? code);
    }
    const value = (response.json as { value?: unknown } | undefined)?.value;
    if (!Array.isArray(value)) throw malformed(context, 'cluster list');
    for (const raw of value as ManagedCluster[]) {
      const cluster = toCluster(raw);
      if (cluster) clusters.push(cluster);
    }
    const link = text(response.json, 'nextLink');
    next = link && new URL(link).origin === new URL(management).origin ? link : null;
  }
  return clusters;
}

export const aksClient = cloudClient({
  provider: 'aks', label: LABEL, defaultBaseUrls: AKS_BASE_URLS, credentialsSchema: aksCredentialsSchema,
  secrets: (credentials) => [credentials.clientSecret],
  list,
});
