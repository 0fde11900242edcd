import type { AppRouter } from '@kubemarket/api';
import type { inferRouterOutputs } from '@trpc/server';

type Outputs = inferRouterOutputs<AppRouter>['customSolutions'];

/** A request as the organisation's members read it. */
export type CustomSolutionRequest = Outputs['list']['items'][number];

/** A request in the solutions team's queue: with its organisation, requester and assignee. */
export type StaffCustomSolutionRequest = Outputs['staffList']['items'][number];
