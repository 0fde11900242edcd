import { createFileRoute } from '@tanstack/react-router';
import { BillingPage } from '../../../features/billing';
import { BudgetsSection } from '../../../features/budgets';

/** /billing: the billing feature's page, with the budgets every member reads (issue 34). */
function BillingRoute() {
  return (
    <BillingPage>
      <BudgetsSection />
    </BillingPage>
  );
}

export const Route = createFileRoute('/_authenticated/_dashboard/billing')({
  component: BillingRoute,
});
