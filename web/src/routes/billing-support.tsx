import { createFileRoute } from '@tanstack/react-router';
import { BillingSupportPage } from '../features/public';

export const Route = createFileRoute('/billing-support')({
  component: BillingSupportPage,
});
