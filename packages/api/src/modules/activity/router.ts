import { officerProcedure, orgProcedure, router } from '../../trpc';
import { activityCsvSchema, activityFilterSchema, activityListInputSchema, activityPageSchema, staffActivityCsvInputSchema, staffActivityListInputSchema } from './schemas';
import * as activity from './service';

const TAGS: ['Activity'] = ['Activity'];

// Read-only by design: the audit log is append-only, so no procedure here changes or removes an entry.
export const activityRouter = router({
  list: orgProcedure('audit:read')
    .meta({ rest: { method: 'GET', path: '/api/organization/activity', summary: "The organisation's audit log: who did what, when and from where", tags: TAGS } })
    .input(activityListInputSchema)
    .output(activityPageSchema)
    .query(({ ctx, input }) => activity.listActivity(ctx.db, { ...input, organizationId: ctx.organizationId }, input.page, input.pageSize)),

  csv: orgProcedure('audit:read')
    .meta({
      rest: { method: 'GET', path: '/api/organization/activity.csv', summary: "The organisation's audit log as CSV, with the same filters", tags: TAGS, body: { field: 'csv', contentType: 'text/csv; charset=utf-8', filenameField: 'filename' } },
    })
    .input(activityFilterSchema)
    .output(activityCsvSchema)
    .query(({ ctx, input }) => activity.activityCsv(ctx.db, { ...input, organizationId: ctx.organizationId }, ctx.ports.clock.now(), ctx.user.companyId ?? 'organisation')),

  staffList: officerProcedure
    .meta({ rest: { method: 'GET', path: '/api/admin/activity', summary: 'The whole audit log, filtered by actor, organisation, action and time', tags: TAGS, sessionOnly: true } })
    .input(staffActivityListInputSchema)
    .output(activityPageSchema)
    .query(({ ctx, input }) => activity.listActivity(ctx.db, input, input.page, input.pageSize)),

  staffCsv: officerProcedure
    .meta({
      rest: { method: 'GET', path: '/api/admin/activity.csv', summary: 'The audit log as CSV, with the same filters', tags: TAGS, sessionOnly: true, body: { field: 'csv', contentType: 'text/csv; charset=utf-8', filenameField: 'filename' } },
    })
    .input(staffActivityCsvInputSchema)
    .output(activityCsvSchema)
    .query(({ ctx, input }) => activity.activityCsv(ctx.db, input, ctx.ports.clock.now(), input.organizationId ?? 'all')),
});
