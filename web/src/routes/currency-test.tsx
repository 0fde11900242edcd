import { createFileRoute } from '@tanstack/react-router';
import { CurrencyTestPage } from '../features/public/currency-test-page';

export const Route = createFileRoute('/currency-test')({
  component: CurrencyTestPage,
});
