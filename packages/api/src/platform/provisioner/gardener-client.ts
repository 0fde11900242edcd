import { compareKubernetesVersions } from '@kubemarket/shared';
import {
  ProvisionerError,
  type CloudProfileSync,
  type ClusterSpec,
} from './port';
import { GARDENER_CORE_API, REQUEST_TIMEOUT_MS, type CloudProfile, type KubernetesStatus } from './gardener-api';
import { type GardenerConfig } from './gardener-common';
import { classificationOf, parseQuantity } from './gardener-status';

// The HTTP client

export interface GardenerClient {
  request<T>(method: string, path: string, what: string, options?: { body?: unknown; contentType?: string; notFound?: 'null' }): Promise<T | null>;
}

export function clientFor(config: GardenerConfig): GardenerClient {
  const base = config.apiUrl.replace(/\/+$/, '');
  const doFetch = config.fetch ?? globalThis.fetch;
  return {
    async request<T>(method: string, path: string, what: string, options: { body?: unknown; contentType?: string; notFound?: 'null' } = {}) {
      const headers: Record<string, string> = { Authorization: `Bearer ${config.token}`, Accept: 'application/json' };
      if (options.body !== undefined) headers['Content-Type'] = options.contentType ?? 'application/json';
      let response: Response;
      try {
        response = await doFetch(`${base}${path}`, {
          method,
          headers,
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
      } catch (error) {
        const cause = error instanceof Error ? error.message : String(error);
        throw new ProvisionerError(`Gardener could not be reached while ${what} (${cause}); it will be tried again.`, true);
      }
      const text = await response.text();
      let payload: unknown;
      try {
        payload = text ? JSON.parse(text) : null;
      } catch {
        payload = null;
      }
      if (response.ok) return payload as T;
      if (response.status === 404 && options.notFound === 'null') return null;
      throw gardenerError(response.status, (payload ?? { message: text.slice(0, 200) }) as KubernetesStatus, what);
    },
  };
}

function statusMessage(status: KubernetesStatus): string {
  const causes = (status.details?.causes ?? []).map((cause) => [cause.field, cause.message].filter(Boolean).join(': ')).filter(Boolean);
  const message = (status.message ?? '').trim();
  if (causes.length > 0 && !causes.every((cause) => message.includes(cause))) return `${message}${message ? ' — ' : ''}${causes.join('; ')}`;
  return message;
}

/** An error answer of the Gardener API: readable, and never quoting the token. */
export class GardenerApiError extends ProvisionerError {
  constructor(
    message: string,
    retryable: boolean,
    readonly httpStatus: number,
  ) {
    super(message, retryable);
  }
}

/** An error answer as a ProvisionerError a person can read. */
function gardenerError(httpStatus: number, status: KubernetesStatus, what: string): GardenerApiError {
  const message = statusMessage(status);
  const detail = message ? `: ${message}` : '';
  const error = (text: string, retryable: boolean) => new GardenerApiError(text, retryable, httpStatus);
  if (httpStatus === 401) return error(`Gardener did not accept the API token while ${what} (401 Unauthorized); check the configured Gardener token.`, false);
  if (httpStatus === 403) return error(`Gardener refused ${what} (403 Forbidden)${detail}.`, false);
  if (httpStatus === 404) return error(`Gardener found nothing while ${what} (404 Not Found)${detail}.`, false);
  if (httpStatus === 409) return error(`Gardener reported a conflict while ${what}${detail}; it will be tried again.`, true);
  if (httpStatus === 400 || httpStatus === 422) return error(`Gardener rejected ${what} (${httpStatus} ${status.reason ?? 'Invalid'})${detail}.`, false);
  if (httpStatus === 429) return error(`Gardener is limiting the request rate (429) while ${what}; it will be tried again.`, true);
  if (httpStatus >= 500) return error(`Gardener failed while ${what} (HTTP ${httpStatus})${detail}; it will be tried again.`, true);
  return error(`Gardener answered HTTP ${httpStatus} while ${what}${detail}.`, false);
}

export function shootsPath(namespace: string, name?: string, subresource?: string): string {
  const base = `${GARDENER_CORE_API}/namespaces/${encodeURIComponent(namespace)}/shoots`;
  if (name === undefined) return base;
  return `${base}/${encodeURIComponent(name)}${subresource ? `/${subresource}` : ''}`;
}

function cloudProfilePath(name: string): string {
  return `${GARDENER_CORE_API}/cloudprofiles/${encodeURIComponent(name)}`;
}

export async function readCloudProfile(client: GardenerClient, name: string | undefined): Promise<CloudProfile> {
  if (!name) throw new ProvisionerError('No Gardener CloudProfile is configured for this shop, so clusters cannot be created.', false);
  const profile = await client.request<CloudProfile>('GET', cloudProfilePath(name), `reading the CloudProfile ${name}`);
  if (!profile?.spec) throw new ProvisionerError(`Gardener sent no CloudProfile ${name}.`, false);
  return profile;
}

export function cloudProfileSync(profile: CloudProfile, now: number): CloudProfileSync {
  const kubernetesVersions = [...(profile.spec.kubernetes?.versions ?? [])]
    .sort((a, b) => compareKubernetesVersions(b.version, a.version))
    .map((version) => ({
      version: version.version,
      classification: classificationOf(version, now),
      ...(version.expirationDate ? { expirationDate: version.expirationDate } : {}),
    }));
  const machineTypes = (profile.spec.machineTypes ?? [])
    .filter((type) => type.usable !== false)
    .map((type) => ({
      name: type.name,
      cpu: parseQuantity(type.cpu),
      memoryGb: Math.round((parseQuantity(type.memory) / 2 ** 30) * 100) / 100,
      gpu: parseQuantity(type.gpu ?? 0),
    }));
  const regions = (profile.spec.regions ?? []).map((region) => ({ name: region.name, zones: (region.zones ?? []).map((zone) => zone.name) }));
  return { providerType: profile.spec.type, kubernetesVersions, machineTypes, regions };
}

/** The versions and machine types Gardener offers, for the catalogue. */
export async function syncCloudProfile(config: GardenerConfig, now = Date.now()): Promise<CloudProfileSync> {
  return cloudProfileSync(await readCloudProfile(clientFor(config), config.cloudProfileName), now);
}

/** Why the CloudProfile cannot host this cluster, in plain words, or null. */
export function offerProblem(cluster: ClusterSpec, sync: CloudProfileSync, profileName: string): string | null {
  const region = sync.regions.find((candidate) => candidate.name === cluster.region);
  if (!region) return `Region ${cluster.region} is not offered by the Gardener CloudProfile ${profileName}.`;
  const missingZones = region.zones.length > 0 ? cluster.zones.filter((zone) => !region.zones.includes(zone)) : [];
  if (missingZones.length > 0) return `Zone ${missingZones.join(', ')} is not part of region ${cluster.region} in Gardener.`;
  const version = sync.kubernetesVersions.find((candidate) => candidate.version === cluster.kubernetesVersion);
  if (!version) return `Kubernetes ${cluster.kubernetesVersion} is not offered by Gardener (CloudProfile ${profileName}).`;
  if (version.classification === 'expired') return `Kubernetes ${cluster.kubernetesVersion} has expired at Gardener; choose a newer version.`;
  const missingTypes = cluster.pools.map((pool) => pool.machine.flavorId).filter((type) => !sync.machineTypes.some((machine) => machine.name === type));
  if (missingTypes.length > 0) return `Machine type ${[...new Set(missingTypes)].join(', ')} is not offered by Gardener (CloudProfile ${profileName}).`;
  return null;
}
