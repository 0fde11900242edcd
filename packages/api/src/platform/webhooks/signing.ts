/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com, ADR 36): a secret is `whsec_`
 * and the base64 of 32 random bytes; a signature is `v1,` and the base64 HMAC-SHA256, keyed with
 * the secret's bytes, of `<webhook-id>.<webhook-timestamp>.<body>`. SubtleCrypto only, so the
 * same code signs in the Worker and in Node.
 */
const SECRET_PREFIX = 'whsec_';
const SECRET_BYTES = 32;

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** A new signing secret, shown to the customer once. */
export function newWebhookSecret(): string {
  return SECRET_PREFIX + toBase64(crypto.getRandomValues(new Uint8Array(SECRET_BYTES)));
}

/** `v1,<signature>` of one message with one secret. */
export async function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): Promise<string> {
  if (!secret.startsWith(SECRET_PREFIX)) throw new Error('A webhook secret starts with whsec_.');
  const key = await crypto.subtle.importKey('raw', fromBase64(secret.slice(SECRET_PREFIX.length)), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${id}.${timestampSeconds}.${body}`));
  return `v1,${toBase64(new Uint8Array(mac))}`;
}

/** The three Standard Webhooks headers; during a rotation's overlap, one signature per secret, space-separated. */
export interface WebhookHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

export async function webhookHeaders(secrets: readonly string[], id: string, timestampSeconds: number, body: string): Promise<WebhookHeaders> {
  const signatures = await Promise.all(secrets.map((secret) => signWebhook(secret, id, timestampSeconds, body)));
  return { 'webhook-id': id, 'webhook-timestamp': String(timestampSeconds), 'webhook-signature': signatures.join(' ') };
}
