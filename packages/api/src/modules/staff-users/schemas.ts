import { ORGANIZATION_STATUSES, PROMOTION_REQUEST_STATUSES, PROMOTION_ROLES, USER_ROLES } from '@kubemarket/db';
import { ORGANIZATION_ROLES } from '@kubemarket/shared';
import { z } from 'zod';
import { idParam } from '../../platform/contracts';

const epoch = () => z.number().int().describe('UTC epoch milliseconds.');
const page = z.number().int().min(1).max(10_000).default(1);
const pageSize = z.number().int().min(1).max(100).default(20);
const search = z.string().trim().max(100, 'Search text is at most 100 characters.').optional();

/** Why a staff member acted: kept in the audit log and, where the user is told, in their mail. */
export const reasonField = z
  .string({ error: 'Give a reason.' })
  .trim()
  .min(3, 'Give a reason of at least 3 characters.')
  .max(500, 'The reason is at most 500 characters.');

export const USER_STATUSES = ['active', 'disabled', 'unverified'] as const;

export const userSearchInput = z.object({
  q: search.describe('Part of a name, email address or username.'),
  role: z.enum(USER_ROLES).optional(),
  status: z.enum(USER_STATUSES).optional(),
  page,
  pageSize,
});

const organizationRef = z.object({ id: z.string(), name: z.string(), billingId: z.string(), status: z.enum(ORGANIZATION_STATUSES) });

export const userRowSchema = z.object({
  id: z.string(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(USER_ROLES),
  organizationRole: z.enum(ORGANIZATION_ROLES),
  organization: organizationRef,
  emailVerified: z.boolean(),
  mfaEnabled: z.boolean(),
  disabledAt: epoch().nullable(),
  createdAt: epoch(),
});

export const userPageSchema = z.object({ items: z.array(userRowSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

export const userIdInput = z.object({ id: idParam('User') });
export const userReasonInput = z.object({ id: idParam('User'), reason: reasonField });

export const userDetailSchema = userRowSchema.extend({
  mfa: z.object({ enabled: z.boolean(), enabledAt: epoch().nullable(), lockedUntil: epoch().nullable(), recoveryCodesLeft: z.number().int() }),
  sessions: z.array(z.object({ id: z.string(), createdAt: epoch(), lastActiveAt: epoch(), expiresAt: epoch(), ipAddress: z.string().nullable(), userAgent: z.string().nullable(), staff: z.boolean() })),
  recentSignIns: z.array(z.object({ at: epoch(), succeeded: z.boolean(), method: z.string().nullable(), ipAddress: z.string().nullable() })),
  promotionRequests: z.array(z.lazy(() => promotionRequestSchema)),
});

export const registrationListInput = z.object({ q: search.describe('Part of the organisation name or billing id.'), page, pageSize });

export const registrationSchema = z.object({
  organization: organizationRef.extend({ createdAt: epoch() }),
  owner: z.object({ id: z.string(), username: z.string(), name: z.string(), email: z.string(), emailVerified: z.boolean() }).nullable(),
  members: z.number().int(),
  registeredFrom: z.string().nullable().describe('The address the registration came from, as the audit log has it.'),
});

export const registrationPageSchema = z.object({ items: z.array(registrationSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

export const organizationIdInput = z.object({ id: idParam('Organisation') });
export const approveRegistrationInput = z.object({ id: idParam('Organisation'), reason: reasonField.optional() });
export const rejectRegistrationInput = z.object({ id: idParam('Organisation'), reason: reasonField });
export const registrationDecisionSchema = z.object({ id: z.string(), status: z.enum(ORGANIZATION_STATUSES) });

const personRef = z.object({ id: z.string(), username: z.string(), name: z.string() });

export const promotionRequestSchema = z.object({
  id: z.string(),
  user: personRef.extend({ email: z.string(), role: z.enum(USER_ROLES) }),
  requestedRole: z.enum(PROMOTION_ROLES),
  reason: z.string(),
  requestedBy: personRef.nullable(),
  status: z.enum(PROMOTION_REQUEST_STATUSES),
  decidedBy: personRef.nullable(),
  decidedAt: epoch().nullable(),
  decisionReason: z.string().nullable(),
  createdAt: epoch(),
});

export const promotionListInput = z.object({ status: z.enum(PROMOTION_REQUEST_STATUSES).optional(), page, pageSize });
export const promotionPageSchema = z.object({ items: z.array(promotionRequestSchema), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

export const requestPromotionInput = z.object({
  userId: idParam('User'),
  role: z.enum(PROMOTION_ROLES, { error: `Role must be one of ${PROMOTION_ROLES.join(', ')}.` }),
  reason: reasonField,
});
export const promotionIdInput = z.object({ id: idParam('Promotion request') });
export const decidePromotionInput = z.object({ id: idParam('Promotion request'), reason: reasonField });
export const promotionDecisionSchema = z.object({ id: z.string(), status: z.enum(PROMOTION_REQUEST_STATUSES), sessionsEnded: z.number().int() });

export const memberListInput = z.object({
  organization: search.describe('Organisation id, part of its name, or its billing id.'),
  q: search.describe('Part of a member’s name, email address or username.'),
  page,
  pageSize,
});
export const memberPageSchema = z.object({
  items: z.array(userRowSchema.extend({ owners: z.number().int().describe('Owners of the member’s organisation.') })),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export const moveMemberInput = z.object({
  id: idParam('User'),
  organizationId: idParam('Organisation').describe('The organisation to move to: its id, or its billing id (KM-…).'),
  organizationRole: z.enum(ORGANIZATION_ROLES).default('member'),
  reason: reasonField,
});
export const memberChangeSchema = z.object({ id: z.string(), organizationId: z.string(), organizationRole: z.enum(ORGANIZATION_ROLES), sessionsEnded: z.number().int() });

export const endedSchema = z.object({ ended: z.number().int() });
export const userStateSchema = z.object({ id: z.string(), disabledAt: epoch().nullable(), sessionsEnded: z.number().int() });
