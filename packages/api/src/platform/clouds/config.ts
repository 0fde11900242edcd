/**
 * CLOUD_BASE_URLS, the Worker's configuration of where the providers' APIs live: a JSON object by
 * provider, each naming some of that client's base URLs, e.g.
 * `{"eks":{"eks":"http://127.0.0.1:9001/eks/{region}","sts":"http://127.0.0.1:9001/sts"}}`.
 * Unset, every provider is reached at its real endpoints. Browser tests point it at the fakes.
 * Plain http is accepted for loopback addresses only: credentials must not cross a network in clear.
 */
import { cloudClients, type CloudsPort } from './clients';
import { DEFAULT_TIMEOUT_MS } from './port';

export class CloudConfigError extends Error {}

function checkUrl(where: string, value: unknown): string {
  if (typeof value !== 'string') throw new CloudConfigError(`CLOUD_BASE_URLS: ${where} must be a URL string.`);
  let url: URL;
  try {
    url = new URL(value.replaceAll('{region}', 'region'));
  } catch {
    throw new CloudConfigError(`CLOUD_BASE_URLS: ${where} is not a URL.`);
  }
  const loopback = url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) throw new CloudConfigError(`CLOUD_BASE_URLS: ${where} must use https (http only for a loopback address).`);
  return value;
}

export function cloudsPortFromConfig(text: string | undefined): CloudsPort {
  if (!text?.trim()) return { baseUrls: {} };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new CloudConfigError('CLOUD_BASE_URLS is not valid JSON.');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new CloudConfigError('CLOUD_BASE_URLS must be a JSON object by provider.');
  const baseUrls: Record<string, Record<string, string>> = {};
  for (const [provider, urls] of Object.entries(parsed)) {
    const client = (cloudClients as Record<string, { defaultBaseUrls: object } | undefined>)[provider];
    if (!client) throw new CloudConfigError(`CLOUD_BASE_URLS: unknown provider "${provider}" (known: ${Object.keys(cloudClients).join(', ')}).`);
    if (typeof urls !== 'object' || urls === null || Array.isArray(urls)) throw new CloudConfigError(`CLOUD_BASE_URLS: ${provider} must be an object of base URLs.`);
    baseUrls[provider] = {};
    for (const [name, value] of Object.entries(urls)) {
      if (!(name in client.defaultBaseUrls)) throw new CloudConfigError(`CLOUD_BASE_URLS: ${provider} has no base URL "${name}" (it has: ${Object.keys(client.defaultBaseUrls).join(', ')}).`);
      (baseUrls[provider] as Record<string, string>)[name] = checkUrl(`${provider}.${name}`, value);
    }
  }
  return { baseUrls: baseUrls as CloudsPort['baseUrls'] };
}

/**
 * CLOUD_TIMEOUT_MS: a deadline for each listing shorter than the 10 s default, for the browser tests
 * that show a provider which never answers (the Worker reads it in development only). Unset: the
 * default. It can only shorten the deadline, never lengthen it.
 */
export function cloudTimeoutFromConfig(text: string | undefined): number | undefined {
  if (!text?.trim()) return undefined;
  const value = Number(text.trim());
  if (!Number.isInteger(value) || value < 100 || value > DEFAULT_TIMEOUT_MS) {
    throw new CloudConfigError(`CLOUD_TIMEOUT_MS must be a whole number of milliseconds from 100 to ${DEFAULT_TIMEOUT_MS}.`);
  }
  return value;
}
