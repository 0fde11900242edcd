
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
}
