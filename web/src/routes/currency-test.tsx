import { createFileRoute } from '@tanstack/react-router';
import { CurrencyTestPage } from '../features/public';

export const Route = createFileRoute('/currency-test')({
  component: CurrencyTestPage,
});
