import { createFileRoute } from '@tanstack/react-router';
import { CustomQuotePage } from '../features/public/custom-quote-page';

export const Route = createFileRoute('/custom-quote')({
  component: CustomQuotePage,
});
