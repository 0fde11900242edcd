import { createFileRoute } from '@tanstack/react-router';
import { SectionNotBuilt } from '../../../components/section-not-built';

export const Route = createFileRoute('/_authenticated/_dashboard/payment-success')({
  component: PaymentConfirmationPage,
});

function PaymentConfirmationPage() {
  return <SectionNotBuilt title="Payment Confirmation" description="The confirmation of a completed payment." />;
}
