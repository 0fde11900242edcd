import { MIDDLEWARE_BACKUP_KINDS, MIDDLEWARE_CATEGORIES, MIDDLEWARE_INSTANCE_STATUSES } from '@kubemarket/db';
import { z } from 'zod';
import { idParam } from '../../platform/contracts';
import { operationSchema } from '../clusters';

const epochMs = z.number().int().describe('UTC epoch ms.');

export const instanceIdInput = z.object({ id: idParam('Middleware') });

export const listInstancesInputSchema = z
  .object({
    includeDeleted: z.boolean({ error: 'includeDeleted must be true or false.' }).default(false).describe('Also list instances deleted in the last 90 days.'),
  })
  .default({ includeDeleted: false });

const planViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  nodes: z.number().int().nullable().describe('Replicas or brokers; null for object storage.'),
  vcpu: z.number().int().nullable(),
  memoryGb: z.number().int().nullable(),
  storageGb: z.number().int(),
  highAvailability: z.boolean(),
  monthlyCents: z.number().int().describe("A month at the instance's billing cycle (a yearly price divided by 12), before VAT."),
});

export const instanceSummarySchema = z.object({
  id: z.string().describe('mwi_…'),
  name: z.string(),
  status: z.enum(MIDDLEWARE_INSTANCE_STATUSES),
  statusReason: z.string().nullable().describe('Why the last operation failed, in plain words.'),
  middleware: z.object({ id: z.string(), name: z.string(), engine: z.string(), category: z.enum(MIDDLEWARE_CATEGORIES) }),
  plan: planViewSchema,
  version: z.string(),
  cluster: z.object({ id: z.string(), name: z.string() }),
  region: z.object({ id: z.string(), name: z.string() }),
  cycle: z.enum(['monthly', 'yearly']),
  orderId: z.string(),
  createdAt: epochMs,
  readyAt: epochMs.nullable(),
  deletedAt: epochMs.nullable(),
  costUntilDeletionCents: z.number().int().nullable().describe('Deleted instances: what it cost from creation to deletion, before VAT.'),
});

export const instanceListSchema = z.object({ items: z.array(instanceSummarySchema) });

export const backupSchema = z.object({ id: z.string(), kind: z.enum(MIDDLEWARE_BACKUP_KINDS), sizeMb: z.number().int(), createdAt: epochMs, expiresAt: epochMs });

export const instanceDetailSchema = instanceSummarySchema.extend({
  endpoint: z.object({
    host: z.string().describe('The in-cluster service address: reachable from workloads of the cluster.'),
    port: z.number().int(),
    databaseName: z.string().nullable(),
    username: z.string(),
    connectionString: z.string().describe('With the password masked; credentials reveal it.'),
  }),
  passwordRotatedAt: epochMs.nullable(),
  waitingFor: z.string().nullable().describe('Pending: what the creation waits for, in a sentence.'),
  backups: z.array(backupSchema),
  operation: operationSchema.nullable().describe("The instance's latest operation (creation, resize, restore, deletion)."),
  resizeOptions: z.array(planViewSchema.extend({ allowed: z.boolean(), reason: z.string().nullable() })),
});

export const credentialsSchema = z.object({ username: z.string(), password: z.string(), connectionString: z.string(), rotatedAt: epochMs.nullable() });

export const restoreInputSchema = z.object({ id: idParam('Middleware'), backupId: idParam('Backup') });
export const resizeInputSchema = z.object({ id: idParam('Middleware'), planId: idParam('Plan') });
export const deleteInputSchema = z.object({
  id: idParam('Middleware'),
  confirmName: z.string({ error: "Type the instance's name to confirm." }).max(64, 'The name is at most 64 characters.').describe("The instance's name, typed to confirm."),
});

export type InstanceSummary = z.output<typeof instanceSummarySchema>;
export type InstanceDetail = z.output<typeof instanceDetailSchema>;
