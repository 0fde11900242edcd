import { officerProcedure, publicProcedure, router } from '../../trpc';
import {
  declareIncidentInputSchema,
  incidentListSchema,
  postIncidentUpdateInputSchema,
  resolveIncidentInputSchema,
  staffIncidentResultSchema,
} from './schemas';
import * as incidents from './service';

const TAGS: ['Incidents'] = ['Incidents'];

export const incidentsRouter = router({
  // Public like a status page: the console's status indicator asks before anyone signs in.
  list: publicProcedure
    .meta({ rest: { method: 'GET', path: '/api/incidents', summary: 'Active platform incidents and those resolved in the last 14 days', tags: TAGS } })
    .output(incidentListSchema)
    .query(({ ctx }) => incidents.listIncidents(ctx)),

  // Declaring tells customers at once: staff do it from the console, never with an API token.
  declare: officerProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/incidents', summary: 'Declare a platform incident and notify the affected organisations', tags: TAGS, sessionOnly: true, successStatus: 201 } })
    .input(declareIncidentInputSchema)
    .output(staffIncidentResultSchema)
    .mutation(({ ctx, input }) => incidents.declareIncident(ctx, input)),

  postUpdate: officerProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/incidents/{id}/updates', summary: 'Post a status update to an open incident', tags: TAGS, sessionOnly: true } })
    .input(postIncidentUpdateInputSchema)
    .output(staffIncidentResultSchema)
    .mutation(({ ctx, input }) => incidents.postIncidentUpdate(ctx, input)),

  resolve: officerProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/incidents/{id}/resolve', summary: 'Resolve an incident and tell the affected organisations', tags: TAGS, sessionOnly: true } })
    .input(resolveIncidentInputSchema)
    .output(staffIncidentResultSchema)
    .mutation(({ ctx, input }) => incidents.resolveIncident(ctx, input)),
});
