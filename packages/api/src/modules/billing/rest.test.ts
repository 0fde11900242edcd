import { describe, expect, it } from 'vitest';
import { restRoutes } from '../../rest';

describe('billing REST paths', () => {
  it('serves the billing paths of docs/product/calls.md and the billing changes from the billing procedures', () => {
    const table = Object.fromEntries(restRoutes().map((route) => [`${route.method} ${route.path}`, route.procedure]));
    expect(table).toMatchObject({
      'GET /api/billing/summary': 'billing.summary',
      'GET /api/billing/credits': 'billing.credits',
      'GET /api/billing/plans': 'billing.plans',
      'POST /api/billing/plans': 'billing.switchPlan',
      'DELETE /api/billing/plans/scheduled': 'billing.cancelPlanSwitch',
      'GET /api/billing/payment-methods': 'billing.paymentMethods',
      'POST /api/billing/payment-methods': 'billing.addPaymentMethod',
      'POST /api/billing/payment-methods/setups': 'billing.startPaymentMethodSetup',
      'POST /api/billing/payment-methods/setups/{setupId}/confirm': 'billing.confirmPaymentMethodSetup',
      'POST /api/billing/payment-methods/{id}/default': 'billing.setDefaultPaymentMethod',
      'DELETE /api/billing/payment-methods/{id}': 'billing.removePaymentMethod',
      'POST /api/admin/organizations/{id}/credits': 'billing.grantCredit',
    });
  });
});
