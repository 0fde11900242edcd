import { createFileRoute } from '@tanstack/react-router';
import { SectionNotBuilt } from '../../features/shell/section-not-built';

export const Route = createFileRoute('/_authenticated/billing')({
  component: BillingPage,
});

function BillingPage() {
  return <SectionNotBuilt title="Billing" description="Credits, payment methods, invoices and the billing plan of your organisation." />;
}
