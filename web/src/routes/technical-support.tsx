import { createFileRoute } from '@tanstack/react-router';
import { TechnicalSupportPage } from '../features/public';

export const Route = createFileRoute('/technical-support')({
  component: TechnicalSupportPage,
});
