import { z } from 'zod';
import { adminProcedure, orgProcedure, router } from '../../trpc';
import {
  addPaymentMethodInput,
  confirmPaymentMethodSetupInput,
  paymentMethodSetupSchema,
  startPaymentMethodSetupInput,
  creditRequestListInput,
  creditRequestSchema,
  creditsSchema,
  decideCreditRequestInput,
  grantCreditInput,
  grantedCreditRowSchema,
  grantedCreditSchema,
  paymentMethodIdInput,
  paymentMethodSchema,
  paymentMethodsSchema,
  plansSchema,
  summarySchema,
  switchPlanInput,
  billingProfileSchema,
} from './schemas';
import { billingInputSchema } from '@kubemarket/shared';
import * as creditGrants from './credit-grants';
import * as profiles from './profile';
import * as billing from './service';

const TAGS: ['Billing'] = ['Billing'];

export const billingRouter = router({
  summary: orgProcedure('billing:read')
    .meta({ rest: { method: 'GET', path: '/api/billing/summary', summary: 'This month so far, the forecast, the last invoice, the balance due and credits left', tags: TAGS } })
    .output(summarySchema)
    .query(({ ctx }) => billing.getSummary(ctx)),

  profile: orgProcedure('billing:read')
    .meta({ rest: { method: 'GET', path: '/api/billing/profile', summary: 'The billing profile invoices are addressed to and taxed by, with the check of its VAT number', tags: TAGS } })
    .output(billingProfileSchema)
    .query(({ ctx }) => profiles.getProfile(ctx.db, ctx.organizationId)),

  updateProfile: orgProcedure('billing:write')
    .meta({ rest: { method: 'PUT', path: '/api/billing/profile', summary: 'Change the billing name, address or VAT number (checked with VIES); a change of country goes through billing support', tags: TAGS } })
    .input(billingInputSchema)
    .output(billingProfileSchema)
    .mutation(({ ctx, input }) => profiles.updateProfile({ db: ctx.db, ports: ctx.ports, organizationId: ctx.organizationId }, { ...input, vatNumber: input.vatNumber || null, addressLine2: input.addressLine2 ?? null })),

  credits: orgProcedure('billing:read')
    .meta({ rest: { method: 'GET', path: '/api/billing/credits', summary: 'Promotional and prepaid credits: origin, amount left, expiry and where they were applied', tags: TAGS } })
    .output(creditsSchema)
    .query(({ ctx }) => billing.listCredits(ctx)),

  plans: orgProcedure('billing:read')
    .meta({ rest: { method: 'GET', path: '/api/billing/plans', summary: 'The billing plan, a scheduled switch and the options with the yearly discount', tags: TAGS } })
    .output(plansSchema)
    .query(({ ctx }) => billing.getPlans(ctx)),

  switchPlan: orgProcedure('billing:write')
    .meta({ rest: { method: 'POST', path: '/api/billing/plans', summary: 'Switch the billing plan from the start of the next period', tags: TAGS } })
    .input(switchPlanInput)
    .output(plansSchema)
    .mutation(({ ctx, input }) => billing.switchPlan(ctx, input)),

  cancelPlanSwitch: orgProcedure('billing:write')
    .meta({ rest: { method: 'DELETE', path: '/api/billing/plans/scheduled', summary: 'Cancel a scheduled plan switch', tags: TAGS } })
    .output(plansSchema)
    .mutation(({ ctx }) => billing.cancelPlanSwitch(ctx)),

  paymentMethods: orgProcedure('billing:read')
    .meta({ rest: { method: 'GET', path: '/api/billing/payment-methods', summary: 'Saved payment methods, the default first', tags: TAGS } })
    .output(paymentMethodsSchema)
    .query(({ ctx }) => billing.listPaymentMethods(ctx)),

  addPaymentMethod: orgProcedure('billing:write')
    .meta({
      rest: {
        method: 'POST',
        path: '/api/billing/payment-methods',
        summary: 'Add a payment method: a test-mode card (sandbox) or bank transfer where staff allowed invoicing',
        description: 'Only the brand, last four digits and expiry of a card are kept, never its number.',
        tags: TAGS,
        errors: ['precondition_failed'],
        successStatus: 201,
      },
    })
    .input(addPaymentMethodInput)
    .output(paymentMethodSchema)
    .mutation(({ ctx, input }) => billing.addPaymentMethod(ctx, input)),

  startPaymentMethodSetup: orgProcedure('billing:write')
    .meta({
      rest: {
        method: 'POST',
        path: '/api/billing/payment-methods/setups',
        summary: 'Start saving a card, or a SEPA direct debit mandate where staff allowed invoicing, for later charges',
        description: "With Stripe: a SetupIntent for the organisation's Customer, whose client secret Stripe.js confirms in the browser.",
        tags: TAGS,
        errors: ['precondition_failed'],
      },
    })
    .input(startPaymentMethodSetupInput)
    .output(paymentMethodSetupSchema)
    .mutation(({ ctx, input }) => billing.startPaymentMethodSetup(ctx, input)),

  confirmPaymentMethodSetup: orgProcedure('billing:write')
    .meta({
      rest: {
        method: 'POST',
        path: '/api/billing/payment-methods/setups/{setupId}/confirm',
        summary: 'Save the payment method of a confirmed setup: brand, last four digits and expiry of a card, or the bank code, last four digits and mandate of a SEPA account',
        tags: TAGS,
        errors: ['precondition_failed'],
      },
    })
    .input(confirmPaymentMethodSetupInput)
    .output(paymentMethodSchema)
    .mutation(({ ctx, input }) => billing.confirmPaymentMethodSetup(ctx, input)),

  setDefaultPaymentMethod: orgProcedure('billing:write')
    .meta({ rest: { method: 'POST', path: '/api/billing/payment-methods/{id}/default', summary: 'Make a payment method the one invoices are charged to', tags: TAGS } })
    .input(paymentMethodIdInput)
    .output(paymentMethodSchema)
    .mutation(({ ctx, input }) => billing.setDefaultPaymentMethod(ctx, input.id)),

  removePaymentMethod: orgProcedure('billing:write')
    .meta({ rest: { method: 'DELETE', path: '/api/billing/payment-methods/{id}', summary: 'Remove a payment method (not the last one while an invoice is due)', tags: TAGS } })
    .input(paymentMethodIdInput)
    .output(z.object({ id: z.string(), removed: z.literal(true), newDefaultId: z.string().nullable() }))
    .mutation(({ ctx, input }) => billing.removePaymentMethod(ctx, input.id)),

  // Administrators only, from the console: granting money is never a script's job, and above an
  // administrator's own limits it waits for a second one (credit-grants.ts, ADR 25).
  grantCredit: adminProcedure
    .meta({
      rest: {
        method: 'POST',
        path: '/api/admin/organizations/{id}/credits',
        summary: 'Grant an organisation a credit (audited); above your own limits it awaits another administrator',
        tags: TAGS,
        sessionOnly: true,
      },
    })
    .input(grantCreditInput)
    .output(grantedCreditSchema)
    .mutation(({ ctx, input }) => creditGrants.grantCredit(ctx, input)),

  creditRequests: adminProcedure
    .meta({ rest: { method: 'GET', path: '/api/admin/credit-requests', summary: 'Credits awaiting a second administrator, then decided ones (newest first)', tags: TAGS, sessionOnly: true } })
    .input(creditRequestListInput)
    .output(z.array(creditRequestSchema))
    .query(({ ctx, input }) => creditGrants.listCreditRequests(ctx, input)),

  approveCreditRequest: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/credit-requests/{id}/approve', summary: "Approve another administrator's credit: it is granted (audited)", tags: TAGS, sessionOnly: true } })
    .input(decideCreditRequestInput)
    .output(z.object({ request: creditRequestSchema, credit: grantedCreditRowSchema }))
    .mutation(({ ctx, input }) => creditGrants.approveCreditRequest(ctx, input)),

  rejectCreditRequest: adminProcedure
    .meta({ rest: { method: 'POST', path: '/api/admin/credit-requests/{id}/reject', summary: "Refuse another administrator's credit, with a reason (audited)", tags: TAGS, sessionOnly: true } })
    .input(decideCreditRequestInput)
    .output(z.object({ request: creditRequestSchema }))
    .mutation(({ ctx, input }) => creditGrants.rejectCreditRequest(ctx, input)),
});
