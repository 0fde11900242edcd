import { createFileRoute } from '@tanstack/react-router';
import { BillingPage } from '../../../features/billing';
import { BudgetsSection } from '../../../features/budgets';
import { LeftoversSection } from '../../../features/leftovers';

/** /billing: the billing feature's page, with the budgets and what deleted clusters were kept with, which every member reads (issue 34). */
function BillingRoute() {
  return (
    <BillingPage>
      <BudgetsSection />
      <LeftoversSection />
    </BillingPage>
  );
}

export const Route = createFileRoute('/_authenticated/_dashboard/billing')({
  component: BillingRoute,
});
