import { createFileRoute } from '@tanstack/react-router';
import { ContactSalesPage } from '../features/public';

export const Route = createFileRoute('/contact-sales')({
  component: ContactSalesPage,
});
