import type { AppRouter } from '@kubemarket/api';
import type { inferRouterOutputs } from '@trpc/server';

type Outputs = inferRouterOutputs<AppRouter>;

export type Member = Outputs['team']['members']['items'][number];
export type Invitation = Outputs['team']['invitations']['items'][number];
export type InvitationInfo = Outputs['team']['invitationInfo'];
export type ActivityEntry = Outputs['activity']['list']['items'][number];
