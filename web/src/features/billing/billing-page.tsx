import { Alert } from '@mantine/core';
import { ORGANIZATION_ROLE_LABELS, roleCan } from '@kubemarket/shared';
import { IconLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PageLayout } from '../../components/page-header';
import { useTRPC } from '../../lib/trpc';
import { useSessionUser } from '../auth';
import { InvoicesSection } from '../invoices';
import { CreditsSection } from './credits-section';
import { PaymentMethodsSection } from './payment-methods-section';
import { PlansSection } from './plans-section';
import { ProfileSection } from './profile-section';
import { OverdueBanner, SummarySection } from './summary-section';

/**
 * /billing: what the organisation spends and owes, its credits, plan, payment methods and invoices.
 * `children` (the route's budgets) show under the summary, and to every role, billing or not.
 */
export function BillingPage({ children }: { children?: ReactNode }) {
  const user = useSessionUser();
  const mayRead = roleCan(user.organizationRole, 'billing:read');
  const mayChange = roleCan(user.organizationRole, 'billing:write');

  return (
    <PageLayout size="lg" title="Billing" description={`What ${user.companyName ?? 'your organisation'} spends this month, its credits, its billing plan and how invoices are paid.`}>
      {mayRead ? (
        <BillingSections mayChange={mayChange}>{children}</BillingSections>
      ) : (
        <>
          <Alert variant="light" color="gray" icon={<IconLock size={18} />} data-testid="billing-not-allowed">
          Your role in {user.companyName ?? 'your organisation'} ({ORGANIZATION_ROLE_LABELS[user.organizationRole]}) does not show billing. Ask an owner,
          administrator or billing manager of your organisation.
          </Alert>
          {children}
        </>
      )}
    </PageLayout>
  );
}

function BillingSections({ mayChange, children }: { mayChange: boolean; children?: ReactNode }) {
  const trpc = useTRPC();
  const summary = useQuery(trpc.billing.summary.queryOptions());
  return (
    <>
      {summary.data ? <OverdueBanner summary={summary.data} /> : null}
      <SummarySection query={summary} />
      {children}
      <ProfileSection mayChange={mayChange} />
      <CreditsSection />
      <PlansSection mayChange={mayChange} />
      <PaymentMethodsSection mayChange={mayChange} />
      <InvoicesSection />
    </>
  );
}
