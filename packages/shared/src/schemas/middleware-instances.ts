import { z } from 'zod';
import { resourceName } from './cluster-spec';

/**
 * Ordering a managed middleware (issue 31): besides its plan, the instance's name and the cluster
 * of the organisation it runs in (its region is the cluster's), and optionally its major version
 * (the newest the middleware offers by default).
 */
export const middlewareNameSchema = resourceName('The instance name');

export const middlewarePlacementSchema = z.object({
  name: middlewareNameSchema,
  clusterId: z
    .string({ error: 'Choose the cluster it runs in.' })
    .trim()
    .min(1, 'Choose the cluster it runs in.')
    .max(64, 'The cluster id is at most 64 characters.'),
  version: z
    .string({ error: 'The version must be text.' })
    .trim()
    .max(16, 'The version is at most 16 characters.')
    .optional()
    .describe('A major version the middleware offers; the newest when omitted.'),
});

export type MiddlewarePlacement = z.output<typeof middlewarePlacementSchema>;

/** Typing the instance's name confirms its deletion. */
export function deleteConfirmationMatches(typed: string, name: string): boolean {
  return typed.trim() === name;
}
