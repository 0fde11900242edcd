// The cloud clients by provider and the clouds port (where each provider's APIs live), apart from
// index.ts so that config.ts can build the port without importing the folder's door.
import { ackClient } from './ack';
import { aksClient } from './aks';
import { cceClient } from './cce';
import { doksClient } from './doks';
import { eksClient } from './eks';
import { gkeClient } from './gke';
import { iksClient } from './iks';

/** The providers whose client exists, by id. */
export const cloudClients = { gke: gkeClient, eks: eksClient, aks: aksClient, iks: iksClient, cce: cceClient, ack: ackClient, doks: doksClient } as const;
export type SupportedCloudProvider = keyof typeof cloudClients;
export type CloudBaseUrls = { [P in SupportedCloudProvider]: (typeof cloudClients)[P]['defaultBaseUrls'] };

/** Where each provider's APIs live, for the connections module; a provider left out uses its real endpoints. */
export interface CloudsPort {
  baseUrls: { [P in SupportedCloudProvider]?: Partial<CloudBaseUrls[P]> };
  /** Defaults to the global fetch. */
  fetch?: typeof fetch;
  timeoutMs?: number;
}
