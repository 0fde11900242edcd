import { createHash, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { KubeMarketClient } from '@kubemarket/sdk';
import { parse, stringify } from 'yaml';
import { cacheDirectory, credentials, writePrivateFile } from '../config.ts';
import { UsageError, type Command } from '../kit.ts';
import { resolveCluster } from './clusters.ts';

/** The shortest lifetime the API issues a client certificate for: one hour. */
export const CREDENTIAL_SECONDS = 3600;
/** A cached credential is used until this long before it expires, then a new one is issued. */
export const RENEW_BEFORE_MS = 5 * 60_000;

const EXEC_API_VERSION = 'client.authentication.k8s.io/v1';
const MAIN = join(import.meta.dirname, '..', 'main.ts');

interface KubeconfigDocument {
  clusters: Array<{ name: string; cluster: Record<string, unknown> }>;
  users: Array<{ name: string; user: { 'client-certificate-data'?: string; 'client-key-data'?: string } }>;
}

export interface ExecCredential {
  apiVersion: typeof EXEC_API_VERSION;
  kind: 'ExecCredential';
  status: { clientCertificateData: string; clientKeyData: string; expirationTimestamp: string };
}

/** A kubeconfig from the API with a client certificate of `seconds` (JSON answer: the YAML and when it expires). */
async function issueKubeconfig(client: KubeMarketClient, clusterId: string, seconds: number): Promise<KubeconfigDocument> {
  const answer = await client.POST('/api/clusters/{id}/kubeconfig', { params: { path: { id: clusterId } }, body: { expiresInSeconds: seconds } });
  return parse(answer.kubeconfig) as KubeconfigDocument;
}

/** The cache file of one API and cluster (the token is not part of the name: it rotates, the cluster does not). */
const cacheFile = (url: string, clusterId: string) => join(cacheDirectory(), 'exec-credentials', `${createHash('sha256').update(`${url}\n${clusterId}`).digest('hex').slice(0, 32)}.json`);

function cached(file: string, now: number): ExecCredential | null {
  try {
    const credential = JSON.parse(readFileSync(file, 'utf8')) as ExecCredential;
    const expires = Date.parse(credential.status.expirationTimestamp);
    return credential.kind === 'ExecCredential' && expires - now > RENEW_BEFORE_MS ? credential : null;
  } catch {
    return null;
  }
}

/**
 * The ExecCredential kubectl asks the plugin for: a client certificate of one hour, cached (0600)
 * and answered again until five minutes before it expires, so a kubectl or Terraform run never
 * starts with a credential about to die. The expiry is the certificate's own notAfter.
 */
export async function execCredential(client: KubeMarketClient, url: string, clusterId: string, now = Date.now()): Promise<{ credential: ExecCredential; fromCache: boolean }> {
  const file = cacheFile(url, clusterId);
  const hit = cached(file, now);
  if (hit) return { credential: hit, fromCache: true };
  const kubeconfig = await issueKubeconfig(client, clusterId, CREDENTIAL_SECONDS);
  const user = kubeconfig.users[0]?.user;
  if (!user?.['client-certificate-data'] || !user['client-key-data']) throw new Error(`The kubeconfig of ${clusterId} holds no client certificate.`);
  const certificatePem = Buffer.from(user['client-certificate-data'], 'base64').toString('utf8');
  const notAfter = new X509Certificate(certificatePem).validToDate;
  const credential: ExecCredential = {
    apiVersion: EXEC_API_VERSION,
    kind: 'ExecCredential',
    status: { clientCertificateData: certificatePem, clientKeyData: Buffer.from(user['client-key-data'], 'base64').toString('utf8'), expirationTimestamp: notAfter.toISOString().replace(/\.\d{3}Z$/, 'Z') },
  };
  writePrivateFile(file, `${JSON.stringify(credential)}\n`);
  return { credential, fromCache: false };
}

export const kubeCommands: Command[] = [
  {
    name: 'kubeconfig',
    summary: 'a kubeconfig whose credentials come from `kubemarket exec-credential`: short-lived, renewed on their own',
    usage: '<cluster> [-f <path>]',
    positionals: [1, 1],
    options: {
      file: { type: 'string', short: 'f', description: 'Write it there (0600) instead of stdout.' },
      'exec-command': { type: 'string', description: 'The command kubectl runs (default: this Node and this CLI by absolute path; give `kubemarket` when it is on your PATH).' },
    },
    details: 'The user is an exec credential plugin (client.authentication.k8s.io/v1, interactiveMode Never) with KUBEMARKET_URL in its env;\nthe token comes from KUBEMARKET_TOKEN or `kubemarket login` when kubectl runs it, and is never written into the kubeconfig.',
    async run(context) {
      const client = context.client();
      const { url } = credentials();
      const cluster = await resolveCluster(client, context.positionals[0]!);
      // The cluster's server, TLS name and CA, from a kubeconfig of the shortest lifetime; its own certificate is not kept.
      const issued = await issueKubeconfig(client, cluster.id, CREDENTIAL_SECONDS);
      const entry = issued.clusters[0];
      if (!entry) throw new Error(`The API's kubeconfig of ${cluster.name} names no cluster.`);
      const command = typeof context.values['exec-command'] === 'string' ? { command: context.values['exec-command'], args: [] as string[] } : { command: process.execPath, args: [MAIN] };
      const user = `${cluster.name}-kubemarket`;
      const kubeconfig = stringify(
        {
          apiVersion: 'v1',
          kind: 'Config',
          clusters: [{ name: cluster.name, cluster: entry.cluster }],
          users: [
            {
              name: user,
              user: {
                exec: {
                  apiVersion: EXEC_API_VERSION,
                  command: command.command,
                  args: [...command.args, 'exec-credential', cluster.id],
                  env: [{ name: 'KUBEMARKET_URL', value: url }],
                  interactiveMode: 'Never',
                  provideClusterInfo: false,
                },
              },
            },
          ],
          contexts: [{ name: cluster.name, context: { cluster: cluster.name, user } }],
          'current-context': cluster.name,
          preferences: {},
        },
        { lineWidth: 0 },
      );
      if (typeof context.values.file === 'string') {
        writePrivateFile(context.values.file, kubeconfig);
        context.err.write(`Wrote ${context.values.file}: kubectl --kubeconfig ${context.values.file} get nodes\n`);
      } else context.out.write(kubeconfig);
    },
  },
  {
    name: 'exec-credential',
    summary: 'the ExecCredential kubectl asks an exec plugin for (run by kubectl through `kubemarket kubeconfig`)',
    usage: '<cluster-id>',
    positionals: [1, 1],
    details: `Prints a ${EXEC_API_VERSION} ExecCredential with a client certificate of 1 hour, cached in $XDG_CACHE_HOME/kubemarket/exec-credentials (0600)\nand answered from there until 5 minutes before it expires.`,
    async run(context) {
      const info = process.env.KUBERNETES_EXEC_INFO;
      if (info) {
        let apiVersion: unknown;
        try {
          apiVersion = (JSON.parse(info) as { apiVersion?: unknown }).apiVersion;
        } catch {
          throw new UsageError('KUBERNETES_EXEC_INFO is not JSON.');
        }
        if (apiVersion !== EXEC_API_VERSION) throw new UsageError(`KUBERNETES_EXEC_INFO asks for ${String(apiVersion)}; this plugin speaks ${EXEC_API_VERSION}.`);
      }
      const { url } = credentials();
      const { credential } = await execCredential(context.client(), url, context.positionals[0]!);
      context.out.write(`${JSON.stringify(credential)}\n`);
    },
  },
];
