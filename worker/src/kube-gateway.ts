import { answerKubeRequest, gatewayCertificate, gatewaySecretMatches, type KubeSimDeps } from '@kubemarket/api';
import { Hono } from 'hono';
import { secretBoxFor } from './config';
import { databaseFor, kubeGatewayOf } from './context';
import type { AppEnv, Env } from './env';

/**
 * The internal side of the local API gateway of simulated clusters (ADR 32), mounted at
 * /internal/kube-gateway before any session look-up. The gateway (scripts/lib/kube-gateway.mjs)
 * terminates kubectl's TLS on this machine and calls here, proving itself with the secret of the
 * run. The routes exist only in development, with the simulator, and with the gateway configured
 * (kubeGatewayOf); otherwise, and to a caller without the secret, they are a plain 404.
 *
 * POST /certificate  { serverName, publicKeyPem }: the server certificate for a cluster, signed by its CA
 * ANY  /clusters/{id}/<kubernetes path>: one kubectl request, with X-Kube-Client-Certificate
 */
export const GATEWAY_SECRET_HEADER = 'X-Kube-Gateway-Secret';
/** The client certificate of the TLS connection, base64 of its DER; absent when the client sent none. */
export const CLIENT_CERTIFICATE_HEADER = 'X-Kube-Client-Certificate';

/** A server name and a P-256 public key in PEM fit in well under this. */
const MAX_CERTIFICATE_REQUEST_BYTES = 4096;

export const kubeGateway = new Hono<AppEnv>();

const NOT_FOUND = { message: 'Not found.' };

function depsOf(env: Env): KubeSimDeps {
  return { db: databaseFor(env), secrets: secretBoxFor(env), clock: { now: () => Date.now() } };
}

kubeGateway.use('*', async (c, next) => {
  const gateway = kubeGatewayOf(c.env);
  if (!gateway || !(await gatewaySecretMatches(c.req.header(GATEWAY_SECRET_HEADER), gateway.secret))) return c.json(NOT_FOUND, 404);
  await next();
});

kubeGateway.post('/certificate', async (c) => {
  const text = await c.req.text();
  if (text.length > MAX_CERTIFICATE_REQUEST_BYTES) return c.json({ message: 'The request is too large.' }, 413);
  let input: { serverName?: unknown; publicKeyPem?: unknown };
  try {
    input = JSON.parse(text) as typeof input;
  } catch {
    return c.json({ message: 'Expected JSON.' }, 400);
  }
  if (typeof input.serverName !== 'string' || typeof input.publicKeyPem !== 'string') return c.json({ message: 'serverName and publicKeyPem are required.' }, 400);
  try {
    const answer = await gatewayCertificate(depsOf(c.env), { serverName: input.serverName, publicKeyPem: input.publicKeyPem });
    return answer.found ? c.json(answer) : c.json({ message: answer.message }, 404);
  } catch (error) {
    if (error instanceof RangeError) return c.json({ message: error.message }, 400);
    throw error;
  }
});

kubeGateway.all('/clusters/:clusterId/*', async (c) => {
  const gateway = kubeGatewayOf(c.env)!;
  const url = new URL(c.req.url);
  const prefix = `/internal/kube-gateway/clusters/${encodeURIComponent(c.req.param('clusterId'))}`;
  const answer = await answerKubeRequest(depsOf(c.env), {
    clusterId: c.req.param('clusterId'),
    method: c.req.method,
    path: url.pathname.slice(prefix.length) || '/',
    query: url.searchParams,
    accept: c.req.header('Accept') ?? null,
    clientCertificate: c.req.header(CLIENT_CERTIFICATE_HEADER) ?? null,
    serverAddress: new URL(gateway.url).host,
  });
  return new Response(c.req.method === 'HEAD' ? null : answer.body, { status: answer.status, headers: { 'Content-Type': answer.contentType, 'Cache-Control': 'no-store' } });
});

kubeGateway.all('*', (c) => c.json(NOT_FOUND, 404));
