import { createFileRoute } from '@tanstack/react-router';
import { ContactSalesPage } from '../features/public/contact-sales-page';

export const Route = createFileRoute('/contact-sales')({
  component: ContactSalesPage,
});
