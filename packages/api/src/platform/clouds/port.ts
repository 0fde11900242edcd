/**
 * The port to other clouds' managed Kubernetes (issue 16): list a customer's clusters with the
 * credentials they gave, using each provider's own authentication. The connections module and the
 * test pages see only these terms; where the provider lives (its base URLs) is configuration, so a
 * local fake can stand in without the page knowing.
 *
 * A failure is a value, not an exception: its `kind` tells the customer what to fix (their key,
 * their role, their region, or nothing: wait and retry), and its `message` is a plain sentence that
 * never contains a credential.
 */
import { z } from 'zod';

export type CloudProvider = 'gke' | 'eks' | 'aks' | 'iks' | 'cce' | 'ack' | 'doks';

export const CLOUD_PROVIDERS: readonly CloudProvider[] = ['gke', 'eks', 'aks', 'iks', 'cce', 'ack', 'doks'];

// ---------------------------------------------------------------------------------------------
// Credentials

/** The fields of a service-account key file that the token exchange needs. */
export const gcpServiceAccountKeySchema = z.object({
  type: z.literal('service_account', { error: 'The key file must be a service-account key ("type": "service_account").' }),
  project_id: z.string().regex(/^[a-z][a-z0-9-]{4,28}[a-z0-9]$/, 'project_id is not a Google Cloud project id.'),
  private_key_id: z.string().min(1, 'private_key_id is missing.'),
  private_key: z.string().includes('-----BEGIN PRIVATE KEY-----', { error: 'private_key must be a PKCS#8 PEM private key.' }),
  client_email: z.string().email('client_email is not an email address.'),
});
export type GcpServiceAccountKey = z.infer<typeof gcpServiceAccountKeySchema>;

/** GKE: the JSON key file of a service account, pasted or uploaded as text. */
export const gkeCredentialsSchema = z.object({
  serviceAccountKey: z.string().trim().min(1, 'Paste the service-account JSON key.').transform((text, ctx): GcpServiceAccountKey => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      // The parser's own message quotes the text around the error, which may be the private key.
      ctx.addIssue({ code: 'custom', message: 'The service-account key is not valid JSON.' });
      return z.NEVER;
    }
    const result = gcpServiceAccountKeySchema.safeParse(parsed);
    if (!result.success) {
      for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
      return z.NEVER;
    }
    return result.data;
  }),
});

const AWS_REGION = /^[a-z]{2}(-gov|-iso[a-z]?)?-[a-z]+-\d$/;

/** EKS: an access key, optionally a role to assume, and the regions to scan (EKS is regional). */
export const eksCredentialsSchema = z.object({
  accessKeyId: z.string().trim().regex(/^(AKIA|ASIA)[A-Z0-9]{16}$/, 'An access key id is 20 characters starting with AKIA.'),
  secretAccessKey: z.string().trim().min(16, 'The secret access key is too short.').max(128),
  roleArn: z
    .string()
    .trim()
    .regex(/^arn:aws[a-z-]*:iam::\d{12}:role\/[\w+=,.@/-]{1,512}$/, 'A role ARN looks like arn:aws:iam::123456789012:role/Name.')
    .optional(),
  regions: z.array(z.string().trim().regex(AWS_REGION, 'Not an AWS region name (for example eu-west-1).')).min(1).max(40).default(['us-east-1']),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** AKS: a service principal (app registration) with a client secret, and the subscription to list. */
export const aksCredentialsSchema = z.object({
  tenantId: z
    .string()
    .trim()
    .refine((value) => UUID.test(value) || /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(value), 'The tenant is a directory id (UUID) or a domain.'),
  clientId: z.string().trim().regex(UUID, 'The client id is the application (client) id, a UUID.'),
  clientSecret: z.string().min(8, 'The client secret is too short.').max(256),
  subscriptionId: z.string().trim().regex(UUID, 'The subscription id is a UUID.'),
});

/** IKS: an IBM Cloud API key (user or service id). */
export const iksCredentialsSchema = z.object({
  apiKey: z.string().trim().min(20, 'An IBM Cloud API key is at least 20 characters.').max(256),
});

/** CCE: an access key pair, the project and its region (CCE endpoints are regional). */
export const cceCredentialsSchema = z.object({
  accessKey: z.string().trim().regex(/^[A-Z0-9]{16,40}$/, 'An access key (AK) is 16 to 40 capital letters and digits.'),
  secretKey: z.string().trim().min(20, 'The secret key (SK) is too short.').max(128),
  projectId: z.string().trim().regex(/^[0-9a-f]{32}$/, 'A project id is 32 hexadecimal characters.'),
  region: z.string().trim().regex(/^[a-z]{2}(-[a-z0-9]+)+$/, 'Not a Huawei Cloud region name (for example eu-west-101).'),
});

/** ACK: a RAM access key pair; without a region, clusters of every region are listed. */
export const ackCredentialsSchema = z.object({
  accessKeyId: z.string().trim().regex(/^LTAI[A-Za-z0-9]{12,30}$/, 'An AccessKey ID starts with LTAI.'),
  accessKeySecret: z.string().trim().min(20, 'The AccessKey secret is too short.').max(128),
  region: z.string().trim().regex(/^[a-z]{2}(-[a-z0-9]+)+$/, 'Not an Alibaba Cloud region id (for example eu-central-1).').optional(),
});

/** DOKS: a personal access token (read scope is enough). */
export const doksCredentialsSchema = z.object({
  token: z.string().trim().min(20, 'A personal access token is longer than that.').max(256),
});

export const cloudCredentialsSchemas = {
  gke: gkeCredentialsSchema,
  eks: eksCredentialsSchema,
  aks: aksCredentialsSchema,
  iks: iksCredentialsSchema,
  cce: cceCredentialsSchema,
  ack: ackCredentialsSchema,
  doks: doksCredentialsSchema,
} as const satisfies Record<CloudProvider, z.ZodType>;

export type CloudCredentialsInput<P extends CloudProvider> = z.input<(typeof cloudCredentialsSchemas)[P]>;
export type CloudCredentials<P extends CloudProvider> = z.output<(typeof cloudCredentialsSchemas)[P]>;
export type GkeCredentials = CloudCredentials<'gke'>;
export type EksCredentials = CloudCredentials<'eks'>;
export type AksCredentials = CloudCredentials<'aks'>;
export type IksCredentials = CloudCredentials<'iks'>;
export type CceCredentials = CloudCredentials<'cce'>;
export type AckCredentials = CloudCredentials<'ack'>;
export type DoksCredentials = CloudCredentials<'doks'>;

// ---------------------------------------------------------------------------------------------
// Results

/** One cluster as every provider can describe it; `status` is the provider's own word, lower-cased. */
export interface ExternalCluster {
  /** The provider's id of the cluster (GKE self link path, ARM id, IKS id, CCE uid, ACK cluster_id, DOKS uuid). */
  providerId: string;
  name: string;
  region: string;
  kubernetesVersion: string;
  /** Worker nodes; null where the provider's listing does not say. */
  nodeCount: number | null;
  status: string;
}

export type CloudFailureKind = 'bad_credentials' | 'missing_permission' | 'unknown_region' | 'rate_limited' | 'unreachable' | 'timeout' | 'unexpected';

export interface CloudFailure {
  kind: CloudFailureKind;
  /** A plain sentence for the customer; never contains a credential. */
  message: string;
}

export type ListClustersResult =
  | { ok: true; clusters: ExternalCluster[]; tookMs: number }
  | ({ ok: false; tookMs: number } & CloudFailure);

/** What each kind means, for the page's help text: the same words for every provider. */
export const FAILURE_EXPLANATIONS: Record<CloudFailureKind, string> = {
  bad_credentials: 'The provider did not accept these credentials: the key is wrong, revoked or expired.',
  missing_permission: 'The credentials are valid, but they are not allowed to list Kubernetes clusters.',
  unknown_region: 'The region (or subscription, or project) given does not exist for this provider.',
  rate_limited: 'The provider is limiting the number of calls right now; try again in a minute.',
  unreachable: "The provider's API could not be reached (connection refused or name not resolved).",
  timeout: 'The provider did not answer in time.',
  unexpected: 'The provider answered in a way we did not expect.',
};

export const DEFAULT_TIMEOUT_MS = 10_000;

export interface ListOptions<BaseUrls> {
  /** Defaults to the global fetch. */
  fetch?: typeof fetch;
  /** Where the provider's APIs live; defaults to the real endpoints. */
  baseUrls?: Partial<BaseUrls>;
  /** Clock for request signatures, token claims and `tookMs`. */
  now?: () => number;
  /** For the whole listing, token exchange included (default 10 s). */
  timeoutMs?: number;
}

export interface CloudClient<P extends CloudProvider, BaseUrls> {
  provider: P;
  defaultBaseUrls: BaseUrls;
  credentialsSchema: (typeof cloudCredentialsSchemas)[P];
  listClusters(credentials: CloudCredentials<P>, options?: ListOptions<BaseUrls>): Promise<ListClustersResult>;
}
