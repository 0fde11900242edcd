import { z } from 'zod';
import { ORGANIZATION_ROLES } from '../permissions';
import { emailSchema } from './fields';

export const organizationRoleSchema = z.enum(ORGANIZATION_ROLES, { error: `Role must be one of: ${ORGANIZATION_ROLES.join(', ')}.` });

/** Inviting someone to the organisation: the server's input and the invite dialog's check. */
export const inviteInputSchema = z.object({
  email: emailSchema,
  role: organizationRoleSchema,
});
