import { z } from 'zod';
import { ORGANIZATION_ROLES } from '../permissions';
import { emailSchema } from './fields';

export const organizationRoleSchema = z.enum(ORGANIZATION_ROLES, { error: `Role must be one of: ${ORGANIZATION_ROLES.join(', ')}.` });

/** Inviting someone to the organisation: the server's input and the invite dialog's check. */
export const inviteInputSchema = z.object({
  email: emailSchema,
  role: organizationRoleSchema,
});

/**
 * Where the organisation's clusters may run (issue 34): with `euOnlyRegions`, only in regions where
 * only people in the EU can reach customer data (data_centers.eu_only_access). The settings form
 * and the server check the same schema.
 */
export const regionPolicySchema = z.object({
  euOnlyRegions: z.boolean({ error: 'EU-only regions must be true or false.' }).describe('Order clusters only in regions with EU-only access.'),
});
export type RegionPolicy = z.infer<typeof regionPolicySchema>;

/** Why a region cannot be chosen by an organisation restricted to EU-only regions (the configurator and the server say the same). */
export const NOT_EU_ONLY_REASON = 'Your organisation orders only in regions with EU-only access; people outside the EU can reach data in this region.';
