import type { AppRouter } from '@kubemarket/api';
import type { inferRouterOutputs } from '@trpc/server';

type Outputs = inferRouterOutputs<AppRouter>['billing'];

export type BillingSummary = Outputs['summary'];
export type BillingCredits = Outputs['credits'];
export type BillingPlans = Outputs['plans'];
export type PaymentMethods = Outputs['paymentMethods'];
export type PaymentMethod = PaymentMethods['items'][number];
export type BillingProfile = Outputs['profile'];
