import { orgProcedure, protectedProcedure, publicProcedure, router } from '../../trpc';
import {
  changeRoleInputSchema,
  invitationIdInputSchema,
  invitationInfoSchema,
  invitationSchema,
  invitationsSchema,
  invitationTokenInputSchema,
  inviteInputSchema,
  joinedSchema,
  memberIdInputSchema,
  membersInputSchema,
  membersSchema,
  okSchema,
} from './schemas';
import { regionPolicySchema } from '@kubemarket/shared';
import { regionPolicy, setRegionPolicy } from './region-policy';
import * as team from './service';

const TAGS: ['Team'] = ['Team'];

export const teamRouter = router({
  members: orgProcedure('members:read')
    .meta({ rest: { method: 'GET', path: '/api/organization/members', summary: "The organisation's members and their roles", tags: TAGS } })
    .input(membersInputSchema)
    .output(membersSchema)
    .query(({ ctx, input }) => team.listMembers(ctx, input)),

  invitations: orgProcedure('members:manage')
    .meta({ rest: { method: 'GET', path: '/api/organization/invitations', summary: 'Invitations sent and not yet accepted, withdrawn or expired', tags: TAGS } })
    .output(invitationsSchema)
    .query(({ ctx }) => team.listInvitations(ctx)),

  invite: orgProcedure('members:manage')
    .meta({ rest: { method: 'POST', path: '/api/organization/invitations', summary: 'Invite someone by email to join the organisation with a role (the link works 7 days)', tags: TAGS, successStatus: 201 } })
    .input(inviteInputSchema)
    .output(invitationSchema)
    .mutation(({ ctx, input }) => team.invite(ctx, input)),

  revokeInvitation: orgProcedure('members:manage')
    .meta({ rest: { method: 'DELETE', path: '/api/organization/invitations/{id}', summary: 'Withdraw a pending invitation', tags: TAGS } })
    .input(invitationIdInputSchema)
    .output(okSchema)
    .mutation(({ ctx, input }) => team.revokeInvitation(ctx, input.id)),

  // The invitation page asks before the invitee has an account.
  invitationInfo: publicProcedure
    .meta({ rest: { method: 'POST', path: '/api/invitations/info', summary: 'What an invitation link offers: organisation, address and role', tags: TAGS } })
    .input(invitationTokenInputSchema)
    .output(invitationInfoSchema)
    // A POST mutation like auth.emailLinkInfo: the token must never sit in a URL (logs, Referer).
    .mutation(({ ctx, input }) => team.invitationInfo(ctx, input.token)),

  // Joining moves the account itself: a browser session only, never a script's token.
  acceptInvitation: protectedProcedure
    .meta({ rest: { method: 'POST', path: '/api/invitations/accept', summary: 'Accept an invitation mailed to the signed-in address and join its organisation', tags: TAGS, sessionOnly: true } })
    .input(invitationTokenInputSchema)
    .output(joinedSchema)
    .mutation(({ ctx, input }) => team.acceptInvitation(ctx, input.token)),

  changeRole: orgProcedure('members:manage')
    .meta({ rest: { method: 'PATCH', path: '/api/organization/members/{id}', summary: "Change a member's organisation role (only an owner grants or removes ownership)", tags: TAGS } })
    .input(changeRoleInputSchema)
    .output(okSchema)
    .mutation(({ ctx, input }) => team.changeRole(ctx, input)),

  removeMember: orgProcedure('members:manage')
    .meta({ rest: { method: 'DELETE', path: '/api/organization/members/{id}', summary: 'Remove a member from the organisation (never its last owner)', tags: TAGS } })
    .input(memberIdInputSchema)
    .output(okSchema)
    .mutation(({ ctx, input }) => team.removeMember(ctx, input.id)),

  transferOwnership: orgProcedure('organization:manage')
    .meta({ rest: { method: 'POST', path: '/api/organization/members/{id}/transfer-ownership', summary: 'Make another member the owner; the current owner becomes an administrator', tags: TAGS, sessionOnly: true } })
    .input(memberIdInputSchema)
    .output(okSchema)
    .mutation(({ ctx, input }) => team.transferOwnership(ctx, input.id)),

  leave: orgProcedure('members:read')
    .meta({ rest: { method: 'POST', path: '/api/organization/leave', summary: 'Leave the organisation (its last owner cannot)', tags: TAGS, sessionOnly: true } })
    .output(okSchema)
    .mutation(({ ctx }) => team.leave(ctx)),

  // Where the organisation's clusters may run (issue 34): every role reads it, owners and administrators set it.
  regionPolicy: orgProcedure('organization:read')
    .meta({ rest: { method: 'GET', path: '/api/organization/region-policy', summary: 'Whether the organisation orders clusters only in regions with EU-only access', tags: TAGS } })
    .output(regionPolicySchema)
    .query(({ ctx }) => regionPolicy(ctx)),

  setRegionPolicy: orgProcedure('clusters:manage')
    .meta({ rest: { method: 'PUT', path: '/api/organization/region-policy', summary: 'Restrict the organisation to regions with EU-only access, or lift it (existing clusters stay where they are)', tags: TAGS } })
    .input(regionPolicySchema)
    .output(regionPolicySchema)
    .mutation(({ ctx, input }) => setRegionPolicy(ctx, input)),
});
