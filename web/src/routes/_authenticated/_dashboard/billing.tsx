import { createFileRoute } from '@tanstack/react-router';
import { SectionNotBuilt } from '../../../components/section-not-built';

export const Route = createFileRoute('/_authenticated/_dashboard/billing')({
  component: BillingPage,
});

function BillingPage() {
  return <SectionNotBuilt title="Billing" description="Credits, payment methods, invoices and the billing plan of your organisation." />;
}
