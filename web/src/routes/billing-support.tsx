import { createFileRoute } from '@tanstack/react-router';
import { BillingSupportPage } from '../features/public/billing-support-page';

export const Route = createFileRoute('/billing-support')({
  component: BillingSupportPage,
});
