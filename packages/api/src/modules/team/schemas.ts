import { inviteInputSchema, organizationRoleSchema as role } from '@kubemarket/shared';
import { z } from 'zod';
import { idParam } from '../../platform/contracts';

/** How long an invitation link works. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60_000;

const token = z.string({ error: 'The invitation token is required.' }).trim().min(16, 'This invitation link is incomplete.').max(128, 'This invitation link is invalid.');

export const pageInput = z.object({
  page: z.number({ error: 'Page must be a number.' }).int().min(1, 'Page starts at 1.').default(1),
  pageSize: z.number({ error: 'Page size must be a number.' }).int().min(1).max(100, 'Page size must be at most 100.').default(25),
});

export const membersInputSchema = pageInput.extend({ q: z.string().trim().max(100, 'Search text must be at most 100 characters.').optional() });

/** The invite dialog checks the same schema. */
export { inviteInputSchema };
export const invitationIdInputSchema = z.object({ id: idParam('Invitation') });
export const invitationTokenInputSchema = z.object({ token });
export const changeRoleInputSchema = z.object({ id: idParam('Member'), role });
export const memberIdInputSchema = z.object({ id: idParam('Member') });

export const memberSchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  role,
  joinedAt: z.number().int(),
  isYou: z.boolean(),
});
export const membersSchema = z.object({ items: z.array(memberSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int(), ownerCount: z.number().int() });

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role,
  invitedByName: z.string().nullable(),
  expiresAt: z.number().int(),
  createdAt: z.number().int(),
});
export const invitationsSchema = z.object({ items: z.array(invitationSchema) });

/** What an invitation link offers: an invitation's address, role, sender and expiry, and the organisation. */
export const invitationInfoSchema = z.object({
  organizationName: z.string(),
  ...invitationSchema.pick({ email: true, role: true, invitedByName: true, expiresAt: true }).shape,
});

export const joinedSchema = z.object({ organizationId: z.string(), organizationName: z.string(), role });
export const okSchema = z.object({ success: z.literal(true) });

export type InviteInput = z.infer<typeof inviteInputSchema>;
export type MembersInput = z.infer<typeof membersInputSchema>;
