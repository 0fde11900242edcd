import type { AppRouter } from '@kubemarket/api';
import type { inferRouterOutputs } from '@trpc/server';

type Outputs = inferRouterOutputs<AppRouter>['staffUsers'];

export type UserRow = Outputs['search']['items'][number];
export type UserDetail = Outputs['get'];
export type Registration = Outputs['pendingRegistrations']['items'][number];
export type PromotionRequest = Outputs['promotionRequests']['items'][number];
export type MemberRow = Outputs['organizationMembers']['items'][number];
export type PlatformRole = UserRow['role'];
export type PromotionRole = PromotionRequest['requestedRole'];
