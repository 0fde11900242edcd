import type { AppRouter } from '@kubemarket/api';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';

type Inputs = inferRouterInputs<AppRouter>['providerConnections'];
type Outputs = inferRouterOutputs<AppRouter>['providerConnections'];
export type CredentialsInput = Inputs['test'];
export type ProviderId = CredentialsInput['provider'];
export type TestResult = Outputs['test'];
export type SavedConnection = Outputs['list'][number];
export type StoredExternalCluster = Outputs['externalClusters'][number];

export interface CredentialField {
  name: string;
  label: string;
  /** `secret`: a password input (never shown again); `json`: a textarea with a file picker; `list`: comma- or space-separated values. */
  kind: 'text' | 'secret' | 'json' | 'list';
  description?: string;
  placeholder?: string;
  optional?: boolean;
}

export interface ProviderPage {
  provider: ProviderId;
  /** Short name on badges: the provider's own product acronym. */
  badge: string;
  /** The cloud as its customers name it. */
  cloud: string;
  /** The page of this provider in the console. */
  path: string;
  title: string;
  product: string;
  /** What to create at the provider, with the least rights that let us list clusters. */
  leastPrivilege: string[];
  fields: CredentialField[];
}

export const PROVIDER_PAGES: Record<ProviderId, ProviderPage> = {
  gke: {
    provider: 'gke',
    cloud: 'Google Cloud',
    path: '/gcp-cluster-test',
    badge: 'GKE',
    title: 'Google Cloud (GKE) connection test',
    product: 'Google Kubernetes Engine',
    leastPrivilege: [
      'In IAM & Admin → Service accounts, create a service account in the project whose clusters you want listed.',
      'Grant it only the role "Kubernetes Engine Cluster Viewer" (roles/container.clusterViewer) on that project: it can list clusters, not reach into them.',
      'Under Keys → Add key → Create new key, choose JSON, and paste or upload the downloaded file here.',
    ],
    fields: [{ name: 'serviceAccountKey', label: 'Service-account key (JSON)', kind: 'json', description: 'The whole key file, as downloaded. It is sent once and stored sealed if you save.' }],
  },
  eks: {
    provider: 'eks',
    cloud: 'AWS',
    path: '/aws-eks-test',
    badge: 'EKS',
    title: 'Amazon EKS connection test',
    product: 'Amazon Elastic Kubernetes Service',
    leastPrivilege: [
      'In IAM, create a user for KubeMarket (no console access) and an access key for it.',
      'Attach an inline policy allowing only eks:ListClusters, eks:DescribeCluster, eks:ListNodegroups and eks:DescribeNodegroup on resource "*".',
      'Or give that policy to a role instead, allow the user sts:AssumeRole on it, name the user in the role\'s trust policy, and enter the role ARN below.',
    ],
    fields: [
      { name: 'accessKeyId', label: 'Access key ID', kind: 'text', placeholder: 'AKIA…' },
      { name: 'secretAccessKey', label: 'Secret access key', kind: 'secret' },
      { name: 'roleArn', label: 'Role to assume (ARN)', kind: 'text', optional: true, placeholder: 'arn:aws:iam::123456789012:role/KubeMarketReadEks', description: 'Optional: when set, the key is only used to assume this role.' },
      { name: 'regions', label: 'Regions', kind: 'list', placeholder: 'eu-west-1, us-east-1', description: 'EKS is regional: the regions to list, separated by commas or spaces (default us-east-1).', optional: true },
    ],
  },
  aks: {
    provider: 'aks',
    cloud: 'Azure',
    path: '/azure-aks-test',
    badge: 'AKS',
    title: 'Azure (AKS) connection test',
    product: 'Azure Kubernetes Service',
    leastPrivilege: [
      'In Microsoft Entra ID → App registrations, register an application and add a client secret under Certificates & secrets.',
      'On the subscription, Access control (IAM) → Add role assignment: give the application the "Reader" role (it includes Microsoft.ContainerService/managedClusters/read and nothing that changes anything).',
      'Enter the directory (tenant) id, the application (client) id, the secret value (not its id) and the subscription id.',
    ],
    fields: [
      { name: 'tenantId', label: 'Directory (tenant) ID', kind: 'text' },
      { name: 'clientId', label: 'Application (client) ID', kind: 'text' },
      { name: 'clientSecret', label: 'Client secret value', kind: 'secret' },
      { name: 'subscriptionId', label: 'Subscription ID', kind: 'text' },
    ],
  },
  iks: {
    provider: 'iks',
    cloud: 'IBM Cloud',
    path: '/ibm-iks-test',
    badge: 'IKS',
    title: 'IBM Cloud (IKS) connection test',
    product: 'IBM Cloud Kubernetes Service',
    leastPrivilege: [
      'In Manage → Access (IAM) → Service IDs, create a service ID for KubeMarket.',
      'Assign it the "Viewer" platform role on the Kubernetes Service only.',
      'Under API keys of the service ID, create a key and paste it here.',
    ],
    fields: [{ name: 'apiKey', label: 'API key', kind: 'secret' }],
  },
  cce: {
    provider: 'cce',
    cloud: 'Huawei Cloud',
    path: '/huawei-cce-test',
    badge: 'CCE',
    title: 'Huawei Cloud (CCE) connection test',
    product: 'Huawei Cloud Cloud Container Engine',
    leastPrivilege: [
      'In IAM, create a user with programmatic access only, in a user group granted the "CCE ReadOnlyAccess" policy for the project.',
      'Under the user\'s security settings, create an access key (AK/SK).',
      'Enter the key pair, the project id (My Credentials → Projects) and its region.',
    ],
    fields: [
      { name: 'accessKey', label: 'Access key (AK)', kind: 'text' },
      { name: 'secretKey', label: 'Secret key (SK)', kind: 'secret' },
      { name: 'projectId', label: 'Project ID', kind: 'text' },
      { name: 'region', label: 'Region', kind: 'text', placeholder: 'eu-west-101' },
    ],
  },
  ack: {
    provider: 'ack',
    cloud: 'Alibaba Cloud',
    path: '/alibaba-ack-test',
    badge: 'ACK',
    title: 'Alibaba Cloud (ACK) connection test',
    product: 'Alibaba Cloud Container Service for Kubernetes',
    leastPrivilege: [
      'In RAM, create a user with OpenAPI access only.',
      'Grant it the system policy "AliyunCSReadOnlyAccess" and nothing else.',
      'Create an AccessKey pair for the user and enter it here.',
    ],
    fields: [
      { name: 'accessKeyId', label: 'AccessKey ID', kind: 'text', placeholder: 'LTAI…' },
      { name: 'accessKeySecret', label: 'AccessKey secret', kind: 'secret' },
      { name: 'region', label: 'Region', kind: 'text', optional: true, placeholder: 'eu-central-1', description: 'Optional: without it, clusters of every region are listed.' },
    ],
  },
  doks: {
    provider: 'doks',
    cloud: 'DigitalOcean',
    path: '/digitalocean-doks-test',
    badge: 'DOKS',
    title: 'DigitalOcean (DOKS) connection test',
    product: 'DigitalOcean Kubernetes',
    leastPrivilege: [
      'In API → Tokens, generate a new personal access token with "Custom scopes".',
      'Select only kubernetes:read, and give it the expiry your policy asks for.',
    ],
    fields: [{ name: 'token', label: 'Personal access token', kind: 'secret' }],
  },
};

export type FormValues = Record<string, string>;

export function emptyValues(provider: ProviderId): FormValues {
  return Object.fromEntries(PROVIDER_PAGES[provider].fields.map((field) => [field.name, '']));
}

/** The form's text as the API's credentials: lists split, blanks of optional fields left out. */
export function credentialsOf(provider: ProviderId, values: FormValues): CredentialsInput {
  const credentials: Record<string, string | string[]> = {};
  for (const field of PROVIDER_PAGES[provider].fields) {
    const raw = values[field.name] ?? '';
    const text = field.kind === 'json' || field.kind === 'secret' ? raw : raw.trim();
    if (field.kind === 'list') {
      const items = text.split(/[\s,]+/).filter((item) => item.length > 0);
      if (items.length > 0) credentials[field.name] = items;
      continue;
    }
    if (field.optional && text.trim() === '') continue;
    credentials[field.name] = text;
  }
  return { provider, credentials } as CredentialsInput;
}

export function badgeOf(provider: ProviderId): string {
  return PROVIDER_PAGES[provider].badge;
}

/** The time a provider took, as people read it: "840 ms", "2.4 s". */
export function formatTook(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(Math.round(ms / 100) / 10).toFixed(1)} s`;
}
