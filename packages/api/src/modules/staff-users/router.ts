import { sentSchema } from '../../platform/contracts';
import { adminProcedure, officerProcedure, router, superAdminProcedure } from '../../trpc';
import * as schemas from './schemas';
import * as staffUsers from './service';

const USERS: ['Staff: users'] = ['Staff: users'];
const REGISTRATIONS: ['Staff: registrations'] = ['Staff: registrations'];
const PROMOTIONS: ['Staff: promotions'] = ['Staff: promotions'];
const MEMBERS: ['Staff: organisation members'] = ['Staff: organisation members'];

/**
 * The users half of the staff console. Officers look after accounts (below their rank); registrations,
 * organisation membership and promotion requests are for administrators; only a super admin decides
 * a promotion. Staff actions stay in the console: closed to API tokens.
 */
export const staffUsersRouter = router({
  search: officerProcedure
    .meta({ rest: { method: 'GET', path: '/api/staff/users', summary: 'Search users by name, email or username, with role and status filters (paginated)', tags: USERS, sessionOnly: true } })
    .input(schemas.userSearchInput)
    .output(schemas.userPageSchema)
    .query(({ ctx, input }) => staffUsers.searchUsers(ctx, input)),

  get: officerProcedure
    .meta({ rest: { method: 'GET', path: '/api/staff/users/{id}', summary: "A user's organisation, roles, sessions, two-step verification and recent sign-ins", tags: USERS, sessionOnly: true } })
    .input(schemas.userIdInput)
    .output(schemas.userDetailSchema)
    .query(({ ctx, input }) => staffUsers.getUser(ctx, input.id)),

  disable: officerProcedure
    .meta({ rest: { method: 'POST', path: '/api/staff/users/{id}/disable', summary: 'Disable an account: no sign-in, every session ends', tags: USERS, sessionOnly: true } })
    .input(schemas.userReasonInput)
    .output(schemas.userStateSchema)
    .mutation(({ ctx, input }) => staffUsers.disableUser(ctx, input)),

  enable: officerProcedure
    .meta({ rest: { method: 'POST', path: '/api/staff/users/{id}/enable', summary: 'Enable a disabled account again', tags: USERS, sessionOnly: true } })
    .input(schemas.userReasonInput)
    .output(schemas.userStateSchema)
    .mutation(({ ctx, input }) => staffUsers.enableUser(ctx, input)),

  endSessions: officerProcedure
    .meta({ rest: { method: 'POST', path: '/api/staff/users/{id}/end-sessions', summary: 'Sign a user out of every session', tags: USERS, sessionOnly: true } })
    .input(schemas.userIdInput)
    .output(schemas.endedSchema)
    .mutation(({ ctx, input }) => staffUsers.endSessions(ctx, input.id)),

  resetMfa: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/staff/users/{id}/reset-mfa', summary: 'Turn off two-step verification of a user (they are told by notification and email)', tags: USERS, sessionOnly: true } })
    .input(schemas.userReasonInput)
    .output(schemas.userStateSchema)
    .mutation(({ ctx, input }) => staffUsers.resetMfa(ctx, input)),

  resendVerification: officerProcedure
    .meta({ rest: { method: 'POST', path: '/api/staff/users/{id}/resend-verification', summary: 'Send the email verification link to a user again', tags: USERS, sessionOnly: true } })
    .input(schemas.userIdInput)
    .output(sentSchema)
    .mutation(({ ctx, input }) => staffUsers.resendVerification(ctx, input.id)),

  pendingRegistrations: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/admin/registrations', summary: 'Organisations awaiting approval, with what they declared (paginated)', tags: REGISTRATIONS, sessionOnly: true } })
    .input(schemas.registrationListInput)
    .output(schemas.registrationPageSchema)
    .query(({ ctx, input }) => staffUsers.pendingRegistrations(ctx, input)),

  approveRegistration: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/registrations/{id}/approve', summary: 'Approve a registration: the organisation may order (the owner is told)', tags: REGISTRATIONS, sessionOnly: true } })
    .input(schemas.approveRegistrationInput)
    .output(schemas.registrationDecisionSchema)
    .mutation(({ ctx, input }) => staffUsers.approveRegistration(ctx, input)),

  rejectRegistration: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/registrations/{id}/reject', summary: 'Reject a registration with a reason (the owner is told)', tags: REGISTRATIONS, sessionOnly: true } })
    .input(schemas.rejectRegistrationInput)
    .output(schemas.registrationDecisionSchema)
    .mutation(({ ctx, input }) => staffUsers.rejectRegistration(ctx, input)),

  promotionRequests: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/admin/promotion-requests', summary: 'Promotion requests, newest first (paginated)', tags: PROMOTIONS, sessionOnly: true } })
    .input(schemas.promotionListInput)
    .output(schemas.promotionPageSchema)
    .query(({ ctx, input }) => staffUsers.listPromotionRequests(ctx, input)),

  requestPromotion: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/promotion-requests', summary: 'Ask that a user become officer, admin or super admin (a super admin decides)', tags: PROMOTIONS, sessionOnly: true } })
    .input(schemas.requestPromotionInput)
    .output(schemas.promotionRequestSchema)
    .mutation(({ ctx, input }) => staffUsers.requestPromotion(ctx, input)),

  approvePromotion: superAdminProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/promotion-requests/{id}/approve', summary: "Approve another staff member's promotion request (the user's sessions end)", tags: PROMOTIONS, sessionOnly: true } })
    .input(schemas.decidePromotionInput)
    .output(schemas.promotionDecisionSchema)
    .mutation(({ ctx, input }) => staffUsers.approvePromotion(ctx, input)),

  rejectPromotion: superAdminProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/promotion-requests/{id}/reject', summary: "Reject another staff member's promotion request with a reason", tags: PROMOTIONS, sessionOnly: true } })
    .input(schemas.decidePromotionInput)
    .output(schemas.promotionDecisionSchema)
    .mutation(({ ctx, input }) => staffUsers.rejectPromotion(ctx, input)),

  organizationMembers: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/admin/organization-users', summary: 'Members of any organisation with their organisation roles (paginated)', tags: MEMBERS, sessionOnly: true } })
    .input(schemas.memberListInput)
    .output(schemas.memberPageSchema)
    .query(({ ctx, input }) => staffUsers.organizationMembers(ctx, input)),

  moveMember: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/organization-users/{id}/move', summary: 'Move a member to another organisation with a role (never the last owner)', tags: MEMBERS, sessionOnly: true } })
    .input(schemas.moveMemberInput)
    .output(schemas.memberChangeSchema)
    .mutation(({ ctx, input }) => staffUsers.moveMember(ctx, input)),

  removeMember: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/organization-users/{id}/remove', summary: 'Remove a member from their organisation (never the last owner)', tags: MEMBERS, sessionOnly: true } })
    .input(schemas.userReasonInput)
    .output(schemas.memberChangeSchema)
    .mutation(({ ctx, input }) => staffUsers.removeMember(ctx, input)),
});
