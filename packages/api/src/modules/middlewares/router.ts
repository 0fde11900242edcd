import { orgProcedure, router } from '../../trpc';
import { operationSchema } from '../clusters';
import {
  backupSchema,
  credentialsSchema,
  deleteInputSchema,
  instanceDetailSchema,
  instanceIdInput,
  instanceListSchema,
  listInstancesInputSchema,
  resizeInputSchema,
  restoreInputSchema,
} from './schemas';
import * as instances from './service';

const TAGS: ['Middlewares'] = ['Middlewares'];
const BUSY = " It runs in a cluster of yours, and one operation runs at a time per cluster: while another runs, this answers 409 naming it.";

/** Managed middleware instances (issue 31): each runs in a cluster of the organisation. */
export const middlewaresRouter = router({
  list: orgProcedure('clusters:read')
    .meta({ rest: { method: 'GET', path: '/api/middlewares', summary: "Your organisation's managed middlewares: status, plan, version, cluster and region", tags: TAGS } })
    .input(listInstancesInputSchema)
    .output(instanceListSchema)
    .query(({ ctx, input }) => instances.listInstances(ctx, input)),

  get: orgProcedure('clusters:read')
    .meta({ rest: { method: 'GET', path: '/api/middlewares/{id}', summary: 'One middleware: endpoint, connection string (password masked), backups, the plans it can move to, and its latest operation', tags: TAGS } })
    .input(instanceIdInput)
    .output(instanceDetailSchema)
    .query(({ ctx, input }) => instances.getInstance(ctx, input.id)),

  credentials: orgProcedure('clusters:write')
    .meta({ rest: { method: 'POST', path: '/api/middlewares/{id}/credentials', summary: 'Reveal the password and connection string (each reveal is in the audit log)', tags: TAGS } })
    .input(instanceIdInput)
    .output(credentialsSchema)
    .mutation(({ ctx, input }) => instances.revealCredentials(ctx, input.id)),

  rotatePassword: orgProcedure('clusters:write')
    .meta({ rest: { method: 'POST', path: '/api/middlewares/{id}/rotate-password', summary: 'Replace the password: the old one stops working at once; answers the new credentials', tags: TAGS } })
    .input(instanceIdInput)
    .output(credentialsSchema)
    .mutation(({ ctx, input }) => instances.rotatePassword(ctx, input.id)),

  backup: orgProcedure('clusters:write')
    .meta({ rest: { method: 'POST', path: '/api/middlewares/{id}/backups', summary: 'Take a backup now (kept 7 days, like the daily ones)', tags: TAGS } })
    .input(instanceIdInput)
    .output(backupSchema)
    .mutation(({ ctx, input }) => instances.backupNow(ctx, input.id)),

  restore: orgProcedure('clusters:write')
    .meta({ rest: { method: 'POST', path: '/api/middlewares/{id}/backups/{backupId}/restore', summary: 'Restore a backup over the current data', description: `Data written since the backup is lost.${BUSY}`, tags: TAGS } })
    .input(restoreInputSchema)
    .output(operationSchema)
    .mutation(({ ctx, input }) => instances.restoreBackup(ctx, input)),

  resize: orgProcedure('clusters:write')
    .meta({
      rest: {
        method: 'POST',
        path: '/api/middlewares/{id}/resize',
        summary: 'Move to another plan of the same middleware, billed by the hour from the change',
        description: `Volumes never shrink and a high-availability instance keeps its replicas: such plans are refused with the reason (GET shows each plan's price and whether it is allowed).${BUSY}`,
        tags: TAGS,
      },
    })
    .input(resizeInputSchema)
    .output(operationSchema)
    .mutation(({ ctx, input }) => instances.resizeInstance(ctx, input)),

  delete: orgProcedure('clusters:write')
    .meta({ rest: { method: 'DELETE', path: '/api/middlewares/{id}', summary: "Delete the middleware and its volumes and backups, confirmed by its name; billing stops once it is gone", description: `Answers the deletion's operation, or null when it was never created.${BUSY}`, tags: TAGS } })
    .input(deleteInputSchema)
    .output(operationSchema.nullable())
    .mutation(({ ctx, input }) => instances.deleteInstance(ctx, input)),

  retry: orgProcedure('clusters:write')
    .meta({ rest: { method: 'POST', path: '/api/middlewares/{id}/retry', summary: 'Retry its failed creation from the step that failed', tags: TAGS } })
    .input(instanceIdInput)
    .output(operationSchema)
    .mutation(({ ctx, input }) => instances.retryInstance(ctx, input.id)),
});
