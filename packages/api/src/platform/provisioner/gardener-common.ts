
export type { CloudProfileSync, VersionClassification } from './port';

export interface GardenerConfig {
  /** The garden cluster's API server, e.g. https://api.garden.example.com */
  apiUrl: string;
  /** A service account token of the project with the `admin` role (Bearer). */
  token: string;
  /** The project namespace, `garden-<project>`. */
  namespace: string;
  fetch?: typeof fetch;
  /**
   * The CredentialsBinding of the cloud account. Gardener requires it from Kubernetes 1.34 on;
   * SecretBindings are deprecated and refused for those versions.
   */
  credentialsBindingName?: string;
  /** Legacy SecretBinding, only for landscapes without CredentialsBindings (Kubernetes < 1.34). */
  secretBindingName?: string;
  /** The CloudProfile offering the regions, versions and machine types the shop sells. */
  cloudProfileName?: string;
  /**
   * A fetch that presents a shoot admin kubeconfig's client certificate to the shoot's API server
   * (mutual TLS), for reading what a cluster would leave billable (issue 34). Absent: the shoot's
   * objects cannot be read from this runtime, and the adapter says so instead of listing nothing.
   */
  shootFetch?: (access: ShootAccess) => typeof fetch;
}

/** Where a shoot's API server answers and the credentials of a kubeconfig Gardener issued for it (PEM). */
export interface ShootAccess {
  server: string;
  caPem: string;
  certificatePem: string;
  privateKeyPem: string;
}
