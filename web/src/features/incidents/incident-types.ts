import type { AppRouter } from '@kubemarket/api';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';

type Outputs = inferRouterOutputs<AppRouter>['incidents'];
type Inputs = inferRouterInputs<AppRouter>['incidents'];

export type IncidentList = Outputs['list'];
export type PublicIncident = IncidentList['active'][number];
export type IncidentImpact = PublicIncident['impact'];
export type IncidentStatus = PublicIncident['status'];
export type IncidentService = PublicIncident['affectedServices'][number];
export type DeclareIncidentInput = Inputs['declare'];
export type OpenIncidentStatus = Inputs['postUpdate']['status'];
