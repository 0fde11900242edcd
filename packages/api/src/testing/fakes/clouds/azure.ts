/**
 * Test only: Microsoft Entra ID's v2.0 token endpoint (client-credentials grant) and ARM's
 * managedClusters list. The token endpoint checks tenant, client id, secret and the ARM scope;
 * ARM accepts only tokens it issued, checks the api-version and the principal's role on the
 * subscription, pages with nextLink, and answers with ARM's field names and error shapes.
 */
import { randomUUID } from 'node:crypto';
import { opaqueToken, startFakeServer, type FakeHttpRequest, type FakeHttpResponse, type FakeServer } from './server';

export interface FakeAzurePrincipal {
  tenantId: string;
  clientId: string;
  clientSecret: string;
  /** Subscriptions the principal holds Reader (or more) on. */
  readableSubscriptions: string[];
  /** ARM throttles this principal's reads (answers 429 once its token is checked), as when its budget is spent. */
  throttled?: boolean;
}

export interface FakeAzureOptions {
  principals: FakeAzurePrincipal[];
  /** managedClusters by subscription id, in ARM's shape. */
  clusters: Record<string, unknown[]>;
  /** Clusters per page before a nextLink (ARM's is larger; tests make it small). */
  pageSize?: number;
}

export interface FakeAzure extends FakeServer {
  baseUrls: { login: string; management: string };
}

const API_VERSIONS = new Set(['2024-05-01', '2024-09-01', '2025-01-01']);

export function fakeManagedCluster(subscriptionId: string, group: string, name: string, location: string, counts: number[]): Record<string, unknown> {
  return {
    id: `/subscriptions/${subscriptionId}/resourcegroups/${group}/providers/Microsoft.ContainerService/managedClusters/${name}`,
    location,
    name,
    type: 'Microsoft.ContainerService/ManagedClusters',
    properties: {
      provisioningState: 'Succeeded',
      powerState: { code: 'Running' },
      kubernetesVersion: '1.30',
      currentKubernetesVersion: '1.30.6',
      dnsPrefix: `${name}-dns`,
      fqdn: `${name}-dns-4f2a.hcp.${location}.azmk8s.io`,
      agentPoolProfiles: counts.map((count, index) => ({ name: `pool${index}`, count, vmSize: 'Standard_D4s_v5', mode: index === 0 ? 'System' : 'User' })),
    },
  };
}

const entraError = (status: number, error: string, code: number, text: string): FakeHttpResponse => ({
  status,
  body: {
    error,
    error_description: `AADSTS${code}: ${text}\r\nTrace ID: ${randomUUID()}\r\nCorrelation ID: ${randomUUID()}\r\nTimestamp: 2026-11-20 09:30:00Z`,
    error_codes: [code],
    timestamp: '2026-11-20 09:30:00Z',
    trace_id: randomUUID(),
    correlation_id: randomUUID(),
  },
});
const armError = (status: number, code: string, message: string): FakeHttpResponse => ({ status, body: { error: { code, message } } });
/** ARM's answer to a principal over its read budget. */
const armThrottled = (): FakeHttpResponse => ({
  ...armError(429, 'TooManyRequests', "The request is being throttled as the limit has been reached for operation type - 'Read_ObservationWindow_00:05:00'."),
  headers: { 'retry-after': '17' },
});

export async function startFakeAzure(options: FakeAzureOptions): Promise<FakeAzure> {
  const tokens = new Map<string, FakeAzurePrincipal>();
  const pageSize = options.pageSize ?? 100;
  let url = '';

  const token = (request: FakeHttpRequest, violation: (text: string) => void, tenant: string): FakeHttpResponse => {
    if (request.method !== 'POST') violation(`token with ${request.method}`);
    if (!request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) violation('token request is not form-encoded');
    const form = new URLSearchParams(request.body);
    if (form.get('grant_type') !== 'client_credentials') violation(`grant_type ${form.get('grant_type')}`);
    if (form.get('scope') !== 'https://management.azure.com/.default') violation(`scope ${form.get('scope')}`);
    const inTenant = options.principals.filter((principal) => principal.tenantId === tenant);
    if (inTenant.length === 0) {
      return entraError(400, 'invalid_request', 90002, `Tenant '${tenant}' not found. Check to make sure you have the correct tenant ID and are signing into the correct cloud.`);
    }
    const principal = inTenant.find((candidate) => candidate.clientId === form.get('client_id'));
    if (!principal) {
      return entraError(400, 'unauthorized_client', 700016, `Application with identifier '${form.get('client_id')}' was not found in the directory '${tenant}'.`);
    }
    if (principal.clientSecret !== form.get('client_secret')) {
      return entraError(401, 'invalid_client', 7000215, 'Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID, for a secret added to app.');
    }
    const access = opaqueToken('eyJ0eXAiOiJKV1Qi.');
    tokens.set(access, principal);
    return { status: 200, body: { token_type: 'Bearer', expires_in: 3599, ext_expires_in: 3599, access_token: access } };
  };

  const list = (request: FakeHttpRequest, violation: (text: string) => void, subscription: string): FakeHttpResponse => {
    const version = request.query.get('api-version');
    if (!version) return armError(400, 'MissingApiVersionParameter', "The api-version query parameter (?api-version=) is required for all requests.");
    if (!API_VERSIONS.has(version)) violation(`api-version ${version}`);
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const principal = bearer ? tokens.get(bearer) : undefined;
    if (!principal) return armError(401, 'InvalidAuthenticationToken', 'The access token is invalid.');
    if (principal.throttled) return armThrottled();
    if (!(subscription in options.clusters)) return armError(404, 'SubscriptionNotFound', `The subscription '${subscription}' could not be found.`);
    if (!principal.readableSubscriptions.includes(subscription)) {
      return armError(
        403,
        'AuthorizationFailed',
        `The client '${principal.clientId}' with object id '${principal.clientId}' does not have authorization to perform action 'Microsoft.ContainerService/managedClusters/read' over scope '/subscriptions/${subscription}' or the scope is invalid. If access was recently granted, please refresh your credentials.`,
      );
    }
    const all = options.clusters[subscription] ?? [];
    const skip = Number(request.query.get('$skipToken') ?? '0');
    const value = all.slice(skip, skip + pageSize);
    const body: Record<string, unknown> = { value };
    if (skip + pageSize < all.length) {
      body.nextLink = `${url}/subscriptions/${subscription}/providers/Microsoft.ContainerService/managedClusters?api-version=${version}&$skipToken=${skip + pageSize}`;
    }
    return { status: 200, body };
  };

  const server = await startFakeServer({
    handle(request, violation) {
      const tokenPath = /^\/([^/]+)\/oauth2\/v2\.0\/token$/.exec(request.path);
      if (tokenPath) return token(request, violation, decodeURIComponent(tokenPath[1] as string));
      const listPath = /^\/subscriptions\/([^/]+)\/providers\/Microsoft\.ContainerService\/managedClusters$/.exec(request.path);
      if (listPath) return list(request, violation, decodeURIComponent(listPath[1] as string));
      violation('unknown path');
      return armError(404, 'InvalidResourceType', 'The resource type could not be found.');
    },
    rateLimited: armThrottled,
  });
  url = server.url;
  return Object.assign(server, { baseUrls: { login: server.url, management: server.url } });
}
