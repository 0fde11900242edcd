import { CONNECTION_RESULT_KINDS, PROVIDER_IDS } from '@kubemarket/db';
import { z } from 'zod';
import { idParam } from '../../platform/contracts';
import { cloudCredentialsSchemas } from '../../platform/clouds';

const providerSchema = z.enum(PROVIDER_IDS, { error: `The provider is one of: ${PROVIDER_IDS.join(', ')}.` });

/** The credential form of each provider, told apart by `provider`. */
export const credentialsInput = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('gke'), credentials: cloudCredentialsSchemas.gke }),
  z.object({ provider: z.literal('eks'), credentials: cloudCredentialsSchemas.eks }),
  z.object({ provider: z.literal('aks'), credentials: cloudCredentialsSchemas.aks }),
  z.object({ provider: z.literal('iks'), credentials: cloudCredentialsSchemas.iks }),
  z.object({ provider: z.literal('cce'), credentials: cloudCredentialsSchemas.cce }),
  z.object({ provider: z.literal('ack'), credentials: cloudCredentialsSchemas.ack }),
  z.object({ provider: z.literal('doks'), credentials: cloudCredentialsSchemas.doks }),
]);
export type CredentialsInput = z.output<typeof credentialsInput>;

const connectionName = z.string({ error: 'Name the connection.' }).trim().min(1, 'Name the connection, e.g. "Production AWS account".').max(64, 'A name is at most 64 characters.');

export const saveConnectionInput = credentialsInput.and(z.object({ name: connectionName }));
export const connectionIdInput = z.object({ id: idParam('Connection') });
/**
 * A plain object (the REST layer reads the `id` path parameter from its shape); the credentials are
 * checked against the provider's form here, and read with `credentialsInput` by the router.
 */
export const replaceCredentialsInput = z
  .object({
    id: idParam('Connection'),
    provider: providerSchema,
    credentials: z.record(z.string(), z.unknown()).describe('The same fields as when saving a connection of this provider.'),
  })
  .superRefine((value, ctx) => {
    const parsed = credentialsInput.safeParse({ provider: value.provider, credentials: value.credentials });
    if (parsed.success) return;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  });

export const externalClusterSchema = z.object({
  providerId: z.string().describe("The provider's own id of the cluster (ARN, ARM id, uid...)."),
  name: z.string(),
  region: z.string(),
  kubernetesVersion: z.string(),
  nodeCount: z.number().int().nullable().describe('Null where the provider does not count nodes.'),
  status: z.string().describe("The provider's own word, lower-cased."),
});

export const testResultSchema = z.object({
  ok: z.boolean(),
  kind: z.enum(CONNECTION_RESULT_KINDS),
  /** What the provider said, without any credential. */
  message: z.string().nullable(),
  /** The same sentence for every provider, for this kind of failure. */
  explanation: z.string().nullable(),
  tookMs: z.number().int().describe('How long the provider took to answer, in milliseconds.'),
  clusters: z.array(externalClusterSchema),
});
export type TestResult = z.infer<typeof testResultSchema>;

export const connectionSchema = z.object({
  id: z.string(),
  provider: providerSchema,
  name: z.string(),
  hint: z.string().describe('What tells the credentials apart without revealing them (a key id\'s last characters, a project or subscription id).'),
  createdAt: z.number().int(),
  createdBy: z.string().nullable().describe('The name of who saved the connection.'),
  lastTestedAt: z.number().int().nullable(),
  lastResultKind: z.enum(CONNECTION_RESULT_KINDS).nullable(),
  lastRefreshedAt: z.number().int().nullable(),
  clusterCount: z.number().int(),
});
export type ConnectionView = z.infer<typeof connectionSchema>;

export const saveResultSchema = z.object({
  /** Null when the test failed: nothing was stored. */
  connection: connectionSchema.nullable(),
  result: testResultSchema,
});

export const storedClusterSchema = externalClusterSchema.extend({
  id: z.string(),
  connectionId: z.string(),
  connectionName: z.string(),
  provider: providerSchema,
  refreshedAt: z.number().int(),
});
export type StoredClusterView = z.infer<typeof storedClusterSchema>;

export const deletedSchema = z.object({ deleted: z.literal(true), removedClusters: z.number().int() });
