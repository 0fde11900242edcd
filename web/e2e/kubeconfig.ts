import { spawnSync } from 'node:child_process';
import { request } from 'node:https';

/** What a simulator kubeconfig holds (packages/api/src/platform/provisioner/pki.ts kubeconfigYaml). */
export interface Kubeconfig {
  server: string;
  /** `tls-server-name`: the cluster's endpoint host, which the local API gateway knows it by. */
  serverName: string;
  caPem: string;
  certificatePem: string;
  keyPem: string;
}

function field(yaml: string, name: string): string {
  const match = new RegExp(`^\\s*${name}: (\\S+)$`, 'm').exec(yaml);
  if (!match) throw new Error(`The kubeconfig has no ${name}`);
  return match[1]!;
}

const fromBase64 = (data: string) => Buffer.from(data, 'base64').toString('utf8');

/** Our own kubeconfig YAML: one cluster, one user, every value on one line. */
export function readKubeconfig(yaml: string): Kubeconfig {
  return {
    server: field(yaml, 'server'),
    serverName: field(yaml, 'tls-server-name'),
    caPem: fromBase64(field(yaml, 'certificate-authority-data')),
    certificatePem: fromBase64(field(yaml, 'client-certificate-data')),
    keyPem: fromBase64(field(yaml, 'client-key-data')),
  };
}

/** What kubectl sends to `get` a resource: the server-side Table, or the plain List as fallback. */
export const TABLE_ACCEPT = 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json;as=Table;v=v1beta1;g=meta.k8s.io,application/json';

/**
 * A GET to the cluster's API server as kubectl makes it with this kubeconfig: TLS to its server,
 * SNI and verification by its tls-server-name against its CA, its client certificate (or `client`
 * instead; null: none).
 */
export function kubeGet(
  config: Kubeconfig,
  path: string,
  options: { accept?: string; client?: { certificatePem: string; keyPem: string } | null } = {},
): Promise<{ status: number; body: unknown }> {
  const url = new URL(path, config.server);
  const client = options.client === undefined ? { certificatePem: config.certificatePem, keyPem: config.keyPem } : options.client;
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        servername: config.serverName,
        ca: config.caPem,
        ...(client ? { cert: client.certificatePem, key: client.keyPem } : {}),
        headers: { Accept: options.accept ?? 'application/json' },
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** Whether a kubectl binary is on PATH (Debian's `kubectl` package on our machines; CI may have none). */
export function hasKubectl(): boolean {
  return spawnSync('kubectl', ['version', '--client'], { stdio: 'ignore' }).status === 0;
}
