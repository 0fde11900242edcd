import { adminProcedure, officerProcedure, router } from '../../trpc';
import {
  addonListInputSchema,
  addonPageSchema,
  attentionSchema,
  clusterListInputSchema,
  clusterPageSchema,
  organizationDetailSchema,
  organizationIdInputSchema,
  organizationListInputSchema,
  organizationPageSchema,
  recordTransferInputSchema,
  recordInvoiceTransferInputSchema,
  billingCountryInputSchema,
  invoiceTransferRecordedSchema,
  reinstateInputSchema,
  retriedSchema,
  retryInputSchema,
  settingsInputSchema,
  settingsSchema,
  statusChangedSchema,
  subscriptionListInputSchema,
  subscriptionPageSchema,
  suspendInputSchema,
  transferRecordedSchema,
} from './schemas';
import { billingProfileSchema } from '../billing';
import * as staff from './service';

const TAGS: ['Staff'] = ['Staff'];

// Every officer reads; suspending, reinstating, changing what an organisation may do and recording
// the bank transfers it owes are an administrator's decisions. All of it by browser session:
// officerProcedure and adminProcedure refuse API tokens.
export const staffOrganizationsRouter = router({
  list: officerProcedure
    .meta({ rest: { method: 'GET', path: '/api/admin/organizations', summary: 'Search organisations by name, billing id, status and overdue payment', tags: TAGS, sessionOnly: true } })
    .input(organizationListInputSchema)
    .output(organizationPageSchema)
    .query(({ ctx, input }) => staff.listOrganizations(ctx, input)),

  get: officerProcedure
    .meta({ rest: { method: 'GET', path: '/api/admin/organizations/{id}', summary: "An organisation with its members, clusters, orders, invoices, tickets, support plan and settings", tags: TAGS, sessionOnly: true } })
    .input(organizationIdInputSchema)
    .output(organizationDetailSchema)
    .query(({ ctx, input }) => staff.getOrganization(ctx, input.id)),

  suspend: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/organizations/{id}/suspend', summary: 'Suspend an organisation with a reason: new orders are refused, its clusters keep running', tags: TAGS, sessionOnly: true } })
    .input(suspendInputSchema)
    .output(statusChangedSchema)
    .mutation(({ ctx, input }) => staff.suspend(ctx, input)),

  reinstate: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/organizations/{id}/reinstate', summary: 'Reinstate a suspended organisation with a reason', tags: TAGS, sessionOnly: true } })
    .input(reinstateInputSchema)
    .output(statusChangedSchema)
    .mutation(({ ctx, input }) => staff.reinstate(ctx, input)),

  updateSettings: adminProcedure
    .meta({ rest: { method: 'PATCH', path: '/api/admin/organizations/{id}/settings', summary: 'Change invoice payment, the credit limit and quotas of an organisation, with a reason', tags: TAGS, sessionOnly: true } })
    .input(settingsInputSchema)
    .output(settingsSchema)
    .mutation(({ ctx, input }) => staff.updateSettings(ctx, input)),

  recordBankTransfer: adminProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/admin/organizations/{organizationId}/payments/{paymentId}/transfer-received',
        summary: 'Record that the bank transfer of an order confirmed by transfer arrived: the payment succeeds and what the organisation owes drops',
        tags: TAGS,
        sessionOnly: true,
      },
    })
    .input(recordTransferInputSchema)
    .output(transferRecordedSchema)
    .mutation(({ ctx, input }) => staff.recordBankTransfer(ctx, input)),

  changeBillingCountry: adminProcedure
    .meta({ rest: { method: 'PUT', path: '/api/admin/organizations/{id}/billing-country', summary: "Change an organisation's billing country (and VAT number, checked) at its request, with a reason (audited)", tags: TAGS, sessionOnly: true } })
    .input(billingCountryInputSchema)
    .output(billingProfileSchema)
    .mutation(({ ctx, input }) => staff.changeBillingCountry(ctx, input)),

  recordInvoiceTransfer: adminProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/admin/invoice-transfers',
        summary: 'Record a bank transfer against the invoice whose RF reference it quotes: whole, partial or more than due (the excess becomes a credit)',
        tags: TAGS,
        sessionOnly: true,
      },
    })
    .input(recordInvoiceTransferInputSchema)
    .output(invoiceTransferRecordedSchema)
    .mutation(({ ctx, input }) => staff.recordInvoiceTransfer(ctx, input)),

  clusters: officerProcedure
    .meta({ rest: { method: 'GET', path: '/api/admin/clusters', summary: 'Clusters of every organisation, filtered by status, organisation and region', tags: TAGS, sessionOnly: true } })
    .input(clusterListInputSchema)
    .output(clusterPageSchema)
    .query(({ ctx, input }) => staff.listClusters(ctx, input)),

  retryCluster: officerProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/clusters/{clusterId}/retry', summary: "Retry a customer cluster's failed operation from the step that failed", tags: TAGS, sessionOnly: true } })
    .input(retryInputSchema)
    .output(retriedSchema)
    .mutation(({ ctx, input }) => staff.retryClusterOperation(ctx, input.clusterId)),

  addons: officerProcedure
    .meta({ rest: { method: 'GET', path: '/api/admin/addons', summary: 'Add-ons installed on the clusters of every organisation', tags: TAGS, sessionOnly: true } })
    .input(addonListInputSchema)
    .output(addonPageSchema)
    .query(({ ctx, input }) => staff.listAddons(ctx, input)),

  middlewares: officerProcedure
    .meta({ rest: { method: 'GET', path: '/api/admin/middlewares', summary: 'Middlewares ordered by every organisation', tags: TAGS, sessionOnly: true } })
    .input(subscriptionListInputSchema)
    .output(subscriptionPageSchema)
    .query(({ ctx, input }) => staff.listMiddlewares(ctx, input)),

  supportPlans: officerProcedure
    .meta({ rest: { method: 'GET', path: '/api/admin/support-plans', summary: 'Support plans ordered by every organisation', tags: TAGS, sessionOnly: true } })
    .input(subscriptionListInputSchema)
    .output(subscriptionPageSchema)
    .query(({ ctx, input }) => staff.listSupportPlans(ctx, input)),

  attention: officerProcedure
    .meta({ rest: { method: 'GET', path: '/api/admin/attention', summary: 'What needs attention and the platform figures, for the Officers Panel', tags: TAGS, sessionOnly: true } })
    .output(attentionSchema)
    .query(({ ctx }) => staff.attention(ctx)),
});
