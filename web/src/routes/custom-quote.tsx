import { createFileRoute } from '@tanstack/react-router';
import { CustomQuotePage } from '../features/public';

export const Route = createFileRoute('/custom-quote')({
  component: CustomQuotePage,
});
